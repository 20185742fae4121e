"""The games a sheet can keep, each an engine module with the same small surface."""

from __future__ import annotations

from types import ModuleType

from engine import bauerchen, bauerschspiel, bolachen
from engine.errors import RuleError

GAMES: dict[str, ModuleType] = {
    module.NAME: module for module in (bauerchen, bauerschspiel, bolachen)
}
"""Each module has NAME, SEATS, PRESETS, resolve_rules(spec) and replay(rules, first_dealer,
entries) returning a state with to_dict()."""


def sheet_game(name: str) -> ModuleType:
    """Return the engine module of a game, or refuse an unknown one."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise RuleError(f"Unknown game {name!r}. Choose one of: {', '.join(GAMES)}.") from None
