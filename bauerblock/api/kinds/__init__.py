"""What the API documents of each tournament kind (its body, its state, its draw, its
results list): `API_KINDS` names every kind's `ApiKind`, and `ByKind` gives a union its
members from it (`api.tournament_unions`).

Each kind registers its `ApiKind` here from its own folder (`bauerblock.kinds`);
tests/tournament/test_kinds.py checks every stored kind has one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from marshmallow import Schema

from bauerblock.api.tournament_schemas import ApiKind

API_KINDS: dict[str, ApiKind[Any]] = {}
"""Every kind a tournament can be (the store's kinds), as the API documents it; each kind
of `bauerblock.kinds` registers its own."""


class ByKind(Mapping[str, type[Schema]]):
    """A union's members (`OneOf.members`): one schema of every kind of `API_KINDS`, picked
    by `pick` from its `ApiKind`. A kind registered after import (a test's) is a member of
    every union, and the document names the kinds registered when it is built."""

    def __init__(self, pick: Callable[[ApiKind[Any]], type[Schema]]) -> None:
        self._pick = pick

    def __getitem__(self, kind: str) -> type[Schema]:
        return self._pick(API_KINDS[kind])

    def __iter__(self) -> Iterator[str]:
        return iter(API_KINDS)

    def __len__(self) -> int:
        return len(API_KINDS)


__all__ = ["API_KINDS", "ApiKind", "ByKind"]
