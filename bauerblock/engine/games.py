"""The games a sheet can keep, each an engine module with the same small surface."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import ModuleType
from typing import Any

from bauerblock.engine import bauerchen, bauerschspiel, bolachen
from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import restore

GAMES: dict[str, ModuleType] = {
    module.NAME: module for module in (bauerchen, bauerschspiel, bolachen)
}
"""Each module has NAME, SEATS, PRESETS, resolve_rules(spec), parse_game, score, and
start(rules, first_dealer) / play(state, entry) / replay(rules, first_dealer, entries) giving a
SheetState: `standing` (where the evening stands), `games`, and `to_dict()`."""


def sheet_game(name: str) -> ModuleType:
    """Return the engine module of a game, or refuse an unknown one."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise RuleError(
            "game_unknown",
            "Unknown game {name!r}. Choose one of: {choices}.",
            name=name,
            choices=", ".join(GAMES),
        ) from None


def resume(module: ModuleType, rules: Any, first_dealer: int, standing: Mapping[str, Any] | None):
    """Return a sheet as it stood at a snapshot of its standing (None: the empty sheet).

    The state holds no games: playing on from it gives the later games alone, so a long
    evening grows by one game without replaying the ones before.
    """
    state = module.start(rules, first_dealer)
    if standing is None:
        return state
    return replace(state, standing=restore(type(state.standing), standing))
