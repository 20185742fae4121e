"""Zielwurf, a toy fourth game kept entirely in the tests: two teams, a game won is a point,
the first team to the target (3 unless the rules say) wins the round and both start at 0.

Each module is the game's module of one layer (engine, statistics, API, exports, new-sheet
form, pad, offline script), registered from `tests/games/conftest.py` in every registry:
nothing under bauerblock/ names it.
"""
