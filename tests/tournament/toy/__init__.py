"""A toy third tournament kind, "toy" (an Entenrennen: the ducks race at one table a draw),
kept in these test modules alone: its stored kind (`store`) and its API module (`api`).
tests/tournament/test_kinds.py registers it, with its pages and exports, for a test."""
