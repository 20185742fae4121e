"""One module a game: what the new-sheet form knows of it (its name, its line on the game
switch, its presets in words, its options beside the preset and the partials drawing
them); `STARTS` names every game's, in the order the start page offers them.

A new game adds its module here (a `StartGame` named `START`) and registers it below;
tests/test_games.py checks every game of the engine has one.
"""

from bauerblock.web.games import bauerchen, bauerschspiel, bolachen
from bauerblock.web.games.start import PresetWords, RuleReader, StartGame

STARTS: dict[str, StartGame] = {
    module.START.game: module.START for module in (bauerchen, bauerschspiel, bolachen)
}
"""Every game a sheet can keep (engine.games.GAMES), as the new-sheet form offers it."""

__all__ = ["STARTS", "PresetWords", "RuleReader", "StartGame"]
