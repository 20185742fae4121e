"""Zielwurf, a toy fourth game kept entirely in the tests: two teams, a game won is a point,
the first team to the target (3 unless the rules say) wins the round and both start at 0.

One folder, as a real game's (engine/plugins.py): a module a layer (rules, stats, exports,
api, pad, start, words) and its templates, and one registration, `GAME`, which
`tests/games/conftest.py` adds to the registered games: nothing under bauerblock/ names it.
"""

from bauerblock.engine.plugins import Game

GAME = Game("zielwurf", __name__)
