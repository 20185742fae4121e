"""The games a sheet can keep, each an engine module with the same small surface."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import Evening, restore
from bauerblock.engine.options import RuleSet
from bauerblock.engine.plugins import Parts

SheetState = Evening[Any, Any, Any]
"""A replayed sheet of any game: each game's `SheetState`, an `evening.Evening`."""


class SheetGame(Protocol):
    """What every game's engine module offers a sheet: its name, seats and rule presets, and
    start / play / replay giving a SheetState. The rules are each game's own frozen `Rules`."""

    @property
    def NAME(self) -> str: ...
    @property
    def SEATS(self) -> int: ...
    @property
    def PRESETS(self) -> Mapping[str, RuleSet]: ...
    @property
    def RESULT(self) -> tuple[str, ...]:
        """What a Stammtisch's list of evenings keeps of `current` (its result line's)."""
        ...

    def resolve_rules(self, spec: dict[str, Any] | None = None) -> RuleSet: ...

    # A game's entry and its score take the game's own keywords (Bauerchen's `home`, `decider`).
    @property
    def parse_game(self) -> Callable[..., Any]: ...
    @property
    def score(self) -> Callable[..., Any]: ...

    def start(self, rules: Any, first_dealer: int) -> SheetState: ...
    def play(self, state: Any, entry: Mapping[str, Any]) -> SheetState: ...
    def replay(
        self, rules: Any, first_dealer: int, entries: Sequence[Mapping[str, Any]]
    ) -> SheetState: ...

    # What only counts: a change that moves such totals alone plays every later game alike.
    @property
    def RUNNING(self) -> tuple[str, ...]:
        """The record's fields that repeat running totals (`rebased` counts them)."""
        ...

    def drift(self, rules: Any, new: Any, stored: Any) -> Any | None:
        """Return how far standing `new`'s totals stand from `stored`'s when every later game
        plays alike from both (all else equal, no later game decided by those totals); None:
        the two differ in more, and the later games must be played again."""
        ...

    def shift(self, standing: Any, by: Any) -> Any:
        """Return a standing moved by a `drift`."""
        ...

    def rebased(self, record: Mapping[str, Any], base: Any, sign: int) -> dict[str, Any]:
        """Return a game's record with its RUNNING totals counted from standing `base`
        (sign -1), or so counted, from the evening's start again (sign 1)."""
        ...


GAMES: Mapping[str, SheetGame] = Parts("rules")
"""Every game a sheet can keep, by name: its folder's `rules` (`SheetGame` says what each
offers)."""


def sheet_game(name: str) -> SheetGame:
    """Return the engine module of a game, or refuse an unknown one."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise RuleError(
            "game_unknown",
            name=name,
            choices=", ".join(GAMES),
        ) from None


def at_rest(module: SheetGame, state: SheetState) -> SheetState:
    """Return `state` as `resume` gives it from its standing: that standing, no games (what
    a write leaves its head with, so that its answer resumes nothing)."""
    return replace(module.start(state.rules, state.first_dealer), standing=state.standing)


def resume(
    module: SheetGame, rules: Any, first_dealer: int, standing: Mapping[str, Any] | None
) -> SheetState:
    """Return a sheet as it stood at a snapshot of its standing (None: the empty sheet).

    The state holds no games: playing on from it gives the later games alone, so a long
    evening grows by one game without replaying the ones before.
    """
    state = module.start(rules, first_dealer)
    if standing is None:
        return state
    return replace(state, standing=restore(type(state.standing), standing))
