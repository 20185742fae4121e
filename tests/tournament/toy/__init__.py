"""A toy third tournament kind, "toy" (an Entenrennen: the ducks race at one table a draw),
kept in these test modules alone: its stored kind (`store`), its API module (`api`) and its
pages (`pages`). tests/tournament/test_kinds.py registers it, with its exports, for a test."""
