"""The rules: pure Python, no Flask, no HTTP, no SQL. The games' protocol and registry
(`games.py`, `plugins.py`; each game's rules are its folder's, bauerblock/games/), what
every game's sheet shares, the tournament, the statistics."""
