"""What the API documents of each tournament kind (its body, its state, its draw, its
results list): `API_KINDS` names every kind's `ApiKind`, and `ByKind` gives a union its
members from it (`api.tournament_unions`).

Each kind registers its `ApiKind` here from its own folder (`bauerblock.kinds`);
tests/tournament/test_kinds.py checks every stored kind has one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import Schema

from bauerblock.api.openapi import Members
from bauerblock.api.tournament_schemas import ApiKind

API_KINDS: dict[str, ApiKind[Any]] = {}
"""Every kind a tournament can be (the store's kinds), as the API documents it; each kind
of `bauerblock.kinds` registers its own."""


class ByKind(Members):
    """A union's members chosen by `kind`: one schema of every kind of `API_KINDS`, picked
    by `pick` from its `ApiKind`."""

    def __init__(self, pick: Callable[[ApiKind[Any]], type[Schema]]) -> None:
        super().__init__(API_KINDS, "kind", pick)


__all__ = ["API_KINDS", "ApiKind", "ByKind"]
