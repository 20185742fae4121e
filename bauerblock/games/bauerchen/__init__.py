"""Bauerchen, the four-player game of the Dillkreis (docs/rules.md section 1), its parts one
module a layer (engine/plugins.py); a tournament's tables play it (each kind's registration
names its tables' game, `kinds.Kind.game`)."""

from bauerblock.engine.plugins import Game

GAME = Game("bauerchen", __name__)
