"""A stored tournament's state as the API tells it (its kind's JSON, without links): what the
store's and the pages' tests read a tournament's state from, as a client would."""

from bauerblock.api.kinds import API_KINDS


def told(stored, token: str | None = None) -> dict:
    """Return the stored tournament as its kind's API module tells it (with the tables'
    tokens when given the tournament's)."""
    return API_KINDS[stored.kind].document(stored, token)
