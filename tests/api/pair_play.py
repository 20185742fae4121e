"""A Paarturnier played through the API (Flask's client): draws, matches, corrections.

Every match is played to one round won (`rounds_to_win` 1), each round one game; a game's
winner is given as the pair that wins it.
"""

from tests.api import tournament_calls as calls
from tests.api.tournament_calls import auth, url
from tests.versions import if_match

FORMAT = {"kind": "pairs", "rounds_to_win": 1, "group_size": 4, "advance": 2}


def win(team: str, spritz: int = 4) -> dict:
    """Return a game that wins the round for team A or B at once."""
    return {"result": {"winner": team, "band": "schwarz"}, "spritz": spritz}


def names(count: int) -> list[list[str]]:
    return [[f"Erste {n}", f"Zweite {n}"] for n in range(1, count + 1)]


def create(client, count: int, **format) -> dict:
    """Create a Paarturnier of `count` pairs (FORMAT, with `format` over it)."""
    return calls.create(
        client, {"title": "Bauer-WM", "pairs": names(count), "format": {**FORMAT, **format}}
    )


def state(client, made: dict) -> dict:
    return client.get(url(made), headers=auth(made)).json


def draw(client, made: dict) -> dict:
    """Draw the next draw; return it (with the tables' tokens)."""
    response = calls.draw(client, made)
    assert response.status_code == 201, response.json
    return response.json


def team_of(table: dict, pair: int) -> str:
    """Return the team a pair plays as at its table: the first pair is team A."""
    return "A" if table["pairs"][0] == pair else "B"


def play(client, made_draw: dict, winner=min) -> None:
    """Play every match of a draw: `winner` picks the winning pair of the two (the lower)."""
    for table in made_draw["tables"]:
        team = team_of(table, winner(table["pairs"]))
        assert calls.record(client, table, win(team)).status_code == 201


def play_out(client, made: dict, winner=min) -> dict:
    """Draw and play every draw until the tournament is finished; return its state."""
    while not state(client, made)["finished"]:
        play(client, draw(client, made), winner)
    return state(client, made)


def table_of(tournament: dict, draw: int, table: int) -> dict:
    """Return a table of the state (with its sheet's id)."""
    return tournament["draws"][draw - 1]["tables"][table - 1]


def correct(client, made: dict, table: dict, winner: int, game: int = 1, spritz: int = 4):
    """Amend game `game` of a table with the tournament's token so that `winner` wins it."""
    return client.put(
        f"/api/v1/sheets/{table['sheet']['id']}/games/{game}",
        json=win(team_of(table, winner), spritz),
        headers={**auth(made), **if_match(client, table["sheet"]["id"])},
    )


def delete(client, made: dict, table: dict, game: int = 1):
    """Delete game `game` of a table with the tournament's token."""
    headers = {**auth(made), **if_match(client, table["sheet"]["id"])}
    return client.delete(f"/api/v1/sheets/{table['sheet']['id']}/games/{game}", headers=headers)
