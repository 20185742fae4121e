"""Bauerschspiel, the old Hessian variant of the Dillkreis: a stroke board (docs/rules.md
section 2), its parts one module a layer (engine/plugins.py)."""

from bauerblock.engine.plugins import Game

GAME = Game("bauerschspiel", __name__)
