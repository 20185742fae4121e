"""What the new-sheet form knows of every game (its name, its line on the game switch, its
presets in words, its options beside the preset and the partials drawing them): `STARTS`,
its folder's `start.START` (a `StartGame`, start.py beside this), in the order the start
page offers them."""

from collections.abc import Mapping

from bauerblock.engine.plugins import Parts
from bauerblock.web.games.start import PresetWords, RuleReader, StartGame

STARTS: Mapping[str, StartGame] = Parts("start", "START")
"""Every game a sheet can keep (engine.games.GAMES), as the new-sheet form offers it."""

__all__ = ["STARTS", "PresetWords", "RuleReader", "StartGame"]
