"""A series player's own link as the pages print it on their card. Reads only, no write."""

from bauerblock.series import store


def player_token(token: str, number: int) -> str:
    """Return player `number`'s own link token (their card's), from the series' token."""
    return store.player_token(token, number)
