"""Bolachen, the three-player game of Upper Bavaria (docs/rules.md section 3), its parts one
module a layer (engine/plugins.py)."""

from bauerblock.engine.plugins import Game

GAME = Game("bolachen", __name__)
