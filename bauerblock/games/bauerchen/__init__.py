"""Bauerchen, the four-player game of the Dillkreis (docs/rules.md section 1), its parts one
module a layer (engine/plugins.py) but its rules: those are the engine's
(`bauerblock.engine.bauerchen`), for a tournament's tables play Bauerchen and the
tournament's engine, store and schemas take its rules."""

from bauerblock.engine.plugins import Game

GAME = Game("bauerchen", __name__, parts={"rules": "bauerblock.engine.bauerchen"})
