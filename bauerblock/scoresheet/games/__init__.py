"""One module a game: what the score sheet's pad shows of it (the situation before a game,
its rows and their words, its partials and extras); `PADS` names every game's pad.

A game's form reader is in scoresheet/forms.py, its export layout in exports/sheets.py and
its statistics summary in exports/summary.py: a page package may lean on exports, never the
other way round.
"""

from bauerblock.scoresheet.games import bauerchen, bauerschspiel, bolachen
from bauerblock.scoresheet.games.pad import Pad, Row, team_players

PADS: dict[str, Pad] = {game.PAD.game: game.PAD for game in (bauerchen, bauerschspiel, bolachen)}
"""Every game a sheet can keep (engine.games.GAMES) has its pad."""

__all__ = ["PADS", "Pad", "Row", "team_players"]
