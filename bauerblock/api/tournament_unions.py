"""The unions of every kind of tournament (docs/api.md): the document shows each operation's
body and answers as `oneOf` the kinds of `api.kinds.API_KINDS`, chosen by `kind`."""

from typing import ClassVar

from marshmallow import ValidationError

from bauerblock.api.kinds import ByKind
from bauerblock.api.openapi import OneOf, single


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
