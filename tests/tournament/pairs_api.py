"""A Paarturnier made and played through the API, for the browser tests: as the organiser's
other device would run it."""

import requests

from tests.tournament.test_browser_closed import Tournament

ROUND = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}
"""A round team A wins: one round of a match."""


def long_names(count: int) -> list[list[str]]:
    """Return `count` pairs' names, as long as players type them."""
    return [[f"Manfred Zöller-Schneidersmann {n}", f"Helga {n}"] for n in range(1, count + 1)]


class Pairs(Tournament):
    """A Paarturnier in groups of four, made through the API (its draws as Tournament's)."""

    def __init__(self, base: str, pairs: list[list[str]], rounds_to_win: int = 1):
        self.base, self.rounds_to_win = base, rounds_to_win
        body = {
            "title": "Bauer-WM",
            "pairs": pairs,
            "format": {"kind": "pairs", "rounds_to_win": rounds_to_win, "group_size": 4},
        }
        answer = requests.post(f"{base}/api/v1/tournaments", json=body, timeout=10)
        assert answer.status_code == 201, answer.text
        self.body = answer.json()
        self.id = self.body["id"]
        self.auth = {"Authorization": f"Bearer {self.body['edit_token']}"}

    def record(self, table: dict, body: dict = ROUND) -> None:
        """Record one round at `table` with its sheet's token."""
        sheet = table["sheet"]
        answer = requests.post(
            f"{self.base}/api/v1/sheets/{sheet['id']}/games",
            json=body,
            headers={"Authorization": f"Bearer {sheet['edit_token']}"},
            timeout=10,
        )
        assert answer.status_code == 201, answer.text

    def play_groups(self) -> dict:
        """Play every group round out (team A wins each round); return the first knock-out
        draw, drawn."""
        while True:
            made = self.draw()
            if made["stage"] != "group":
                return made
            for table in made["tables"]:
                for _ in range(self.rounds_to_win):
                    self.record(table)
