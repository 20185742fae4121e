"""What the tables' phones send in the tests that play whole tournaments over real HTTP."""

import random

BANDS = ["frei", "schneider", "schwarz"]


def entry(rng: random.Random) -> dict:
    """Return a random game any Bauerchen table could record at any score."""
    if rng.random() < 0.5:
        return {"result": {"winner": rng.choice("AB"), "band": rng.choice(BANDS)}}
    return {"card_points": {"A": rng.choice([30, 40, 45, 50, 55, 70, 80, 90, 100])}}


def record(http, url: str, table: dict, rng: random.Random):
    """Record a random game at a table with its sheet's own token, as its phone would."""
    sheet = table["sheet"]
    return http.post(
        f"{url}/api/v1/sheets/{sheet['id']}/games",
        json=entry(rng),
        headers={"Authorization": f"Bearer {sheet['edit_token']}"},
        timeout=10,
    )
