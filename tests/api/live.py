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


def create(http, url: str, body: dict) -> tuple[str, dict[str, str]]:
    """Create a tournament through the API; return its address and the header with its edit
    token."""
    created = http.post(f"{url}/api/v1/tournaments", json=body, timeout=10)
    assert created.status_code == 201, created.text
    tournament = created.json()
    home = f"{url}/api/v1/tournaments/{tournament['id']}"
    return home, {"Authorization": f"Bearer {tournament['edit_token']}"}


def draw(http, home: str, token: dict[str, str], seed: str, key: str):
    """Ask for a tournament's next draw with a seed and an Idempotency-Key; return the answer."""
    headers = {**token, "Idempotency-Key": key}
    return http.post(f"{home}/draws", json={"seed": seed}, headers=headers, timeout=30)
