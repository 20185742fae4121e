"""The tournament resources as the API tests call them through Flask's client (both kinds)."""

TOURNAMENTS = "/api/v1/tournaments"


def create(client, body: dict) -> dict:
    """Create a tournament of `body`; return its state as created (with its edit token)."""
    response = client.post(TOURNAMENTS, json=body)
    assert response.status_code == 201, response.json
    return response.json


def auth(tournament: dict, **headers: str) -> dict[str, str]:
    """Return the headers of a write with the tournament's edit token (and `headers`)."""
    return {"Authorization": f"Bearer {tournament['edit_token']}", **headers}


def url(tournament: dict, *parts: object) -> str:
    """Return the address of the tournament, or of a part of it."""
    return "/".join([TOURNAMENTS, tournament["id"], *map(str, parts)])


def draw(client, tournament: dict, **body):
    """Ask for the tournament's next draw; return the answer."""
    return client.post(url(tournament, "draws"), json=body, headers=auth(tournament))


def record(client, table: dict, entry: dict):
    """Record a game at a table through the sheets API with the table's own token."""
    sheet = table["sheet"]
    return client.post(
        f"/api/v1/sheets/{sheet['id']}/games",
        json=entry,
        headers={"Authorization": f"Bearer {sheet['edit_token']}"},
    )
