"""One module a game: what the score sheet's pad shows of it (the situation before a game,
its rows and their words, its partials and extras) and how its entry form is read;
`PADS` names every game's pad.

A new game adds its module here (a `Pad` named `PAD`) and registers it below; its export
layout and statistics summary are its module of exports/games/, its new-sheet form its
module of web/games/ (tests/test_games.py checks every game has all three).
"""

from bauerblock.scoresheet.games import bauerchen, bauerschspiel, bolachen
from bauerblock.scoresheet.games.pad import Pad, Row, team_players

PADS: dict[str, Pad] = {game.PAD.game: game.PAD for game in (bauerchen, bauerschspiel, bolachen)}
"""Every game a sheet can keep (engine.games.GAMES) has its pad."""

__all__ = ["PADS", "Pad", "Row", "team_players"]
