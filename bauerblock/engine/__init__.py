"""The rules: pure Python, no Flask, no HTTP, no SQL. The games' protocol and registry
(`games.py`, `plugins.py`), Bauerchen's rules (the tournaments play them; its cousins' are
their folders', bauerblock/games/), the tournament, the statistics."""
