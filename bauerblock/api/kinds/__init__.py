"""What the API documents of each tournament kind (its body, its state, its draw, its
results list): `API_KINDS` names every kind's `ApiKind`, and `ByKind` gives a union its
members from it; the unions of every kind (docs/api.md): the document shows each
operation's body and answers as `oneOf` the kinds, chosen by `kind`.

Each kind registers its `ApiKind` here from its own folder (`bauerblock.kinds`);
tests/tournament/test_kinds.py checks every stored kind has one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from marshmallow import Schema, ValidationError

from bauerblock.api.openapi import Members, OneOf, single
from bauerblock.api.tournament_schemas import ApiKind

API_KINDS: dict[str, ApiKind[Any]] = {}
"""Every kind a tournament can be (the store's kinds), as the API documents it; each kind
of `bauerblock.kinds` registers its own."""


class ByKind(Members):
    """A union's members chosen by `kind`: one schema of every kind of `API_KINDS`, picked
    by `pick` from its `ApiKind`."""

    def __init__(self, pick: Callable[[ApiKind[Any]], type[Schema]]) -> None:
        super().__init__(API_KINDS, "kind", pick)


class NewAnyTournamentSchema(OneOf):
    """A new tournament of the kind its `kind` (or its format's) names, the first kind's by
    default (the document says which: `api.tournaments.describe_kinds`)."""

    members: ClassVar = ByKind(lambda api: api.new)

    def load(self, data, *, many=None, partial=None, unknown=None):
        """Load the body with the member its `kind` (or, before it, `format.kind`) names;
        naming none, the first kind registered (the store's default)."""
        if not isinstance(data, dict):
            raise ValidationError({"_schema": ["Invalid input type."]})
        format = data.get("format")
        named = format.get("kind") if isinstance(format, dict) else None
        kind = data.get("kind")
        if not isinstance(kind, str):
            kind = named if isinstance(named, str) else next(iter(self.members), "")
        member = self.members.get(kind)
        if member is None:
            message = f"Unknown kind. Choose one of: {', '.join(self.members)}."
            raise ValidationError({"kind" if "kind" in data else "format": {"kind": [message]}})
        if named is not None and named != kind:
            message = f"The kind is {kind}, the format's {named}: name one kind."
            raise ValidationError({"format": {"kind": [message]}})
        return single(member).load(data, partial=partial, unknown=unknown)


class AnyTournamentSchema(OneOf):
    """A tournament's state, by `kind`."""

    members: ClassVar = ByKind(lambda api: api.state)


class AnyCreatedTournamentSchema(OneOf):
    """A tournament just created, by `kind`, with its edit token (shown this once)."""

    members: ClassVar = ByKind(lambda api: api.created)


class AnyResultsListSchema(OneOf):
    """A tournament's results list, by `kind`."""

    members: ClassVar = ByKind(lambda api: api.results)


class AnyDrawSchema(OneOf):
    """A draw as a draw step answers it (drawNext, endDraw), with each table's edit token and
    pad: a Preisbauer's tables of four players, or a Paarturnier's matches (`stage`)."""

    members: ClassVar = ByKind(lambda api: api.draw)


class AnyListedDrawSchema(OneOf):
    """A draw as the tournament's state lists it (getDraw): each table's edit token and pad
    only with the tournament's token; a Preisbauer's tables or a Paarturnier's matches."""

    members: ClassVar = ByKind(lambda api: api.listed)
