"""An amendment or a deletion costs the writes' budget what it scored (issue 34): one write,
and one more for every GAMES_A_WRITE games it scored again, so that one client cannot
spend the workers' time on changing game 1 of a full sheet 240 times a minute.

An amendment scores the games up to the first checkpoint that stands as stored, or as stored
but for what only counts (store/sheets/checkpoints.py): a won game lost moves every later
total, and costs what a tap costs. A total that ends the evening (a limit) and a deletion
(every later game moves up a number) score every later game again, and pay for them.
"""

import re
from dataclasses import dataclass

from bauerblock import store
from bauerblock.store.sheets import MAX_GAMES
from bauerblock.store.sheets.checkpoints import CHECKPOINT
from bauerblock.web.guards import GAMES_A_WRITE
from tests.conftest import make_app
from tests.long_sheets import BOLACHEN_PLAIN, fill
from tests.versions import if_match

SHEETS = "/api/v1/sheets"
LEFT = re.compile(r'"writes-60";r=(\d+);t=\d+')
LIMIT = 1_000_000
"""A Bolachen limit no evening of plain games reaches: a total that decides the end."""


def left(answer) -> int:
    found = LEFT.search(answer.headers["RateLimit"])
    assert found, answer.headers["RateLimit"]
    return int(found[1])


@dataclass
class FullSheet:
    """A full Bolachen sheet behind the API, and its edit link's client."""

    client: object
    id: str
    auth: dict[str, str]

    def amend(self, number: int, entry: dict):
        return self.client.put(
            f"{SHEETS}/{self.id}/games/{number}",
            json=entry,
            headers=self.auth | if_match(self.client, self.id),
        )

    def delete(self, number: int):
        return self.client.delete(
            f"{SHEETS}/{self.id}/games/{number}", headers=self.auth | if_match(self.client, self.id)
        )


def full_sheet(tmp_path, monkeypatch, writes: str, rules: dict) -> FullSheet:
    app = make_app(tmp_path, monkeypatch, RATELIMIT_WRITES=writes)
    client = app.test_client()
    body = {"game": "bolachen", "players": ["Hans", "Grete", "Karl"], "rules": rules}
    sheet = client.post(SHEETS, json=body).get_json()
    with app.app_context():
        fill(store.get_db(), sheet["id"], BOLACHEN_PLAIN, MAX_GAMES)
    return FullSheet(client, sheet["id"], {"Authorization": f"Bearer {sheet['edit_token']}"})


def charged(scored: int) -> int:
    return 1 + scored // GAMES_A_WRITE


def test_a_change_is_charged_by_the_games_it_scored_again(tmp_path, monkeypatch):
    sheet = full_sheet(tmp_path, monkeypatch, "1000 per minute", {"preset": "soft"})

    def amend(entry: dict) -> int:
        answer = sheet.amend(1, entry)
        assert answer.status_code == 200, answer.text
        return left(answer)

    # Another trump: the games up to the first checkpoint are scored again, one write.
    settled = amend({**BOLACHEN_PLAIN, "trump": "eichel"})
    assert settled == 1000 - charged(CHECKPOINT) == 999
    # Lost: every later total moves by as much, and only the checkpoints move after the first.
    moved = amend({**BOLACHEN_PLAIN, "won": False})
    assert moved == settled - charged(CHECKPOINT) == 998
    # Deleting game 1 moves every later game up: 2999 scored again.
    deleted = sheet.delete(1)
    assert deleted.status_code == 200
    assert left(deleted) == moved - charged(MAX_GAMES - 1) == 968
    # The last game is one write, as a tap.
    last = sheet.delete(MAX_GAMES - 1)
    assert last.status_code == 200 and left(last) == left(deleted) - 1


def test_a_change_past_the_budget_is_refused_until_its_window_ends(tmp_path, monkeypatch):
    # With a limit every later total decides the end: an amendment scores all 3000 again.
    sheet = full_sheet(tmp_path, monkeypatch, "40 per minute", {"preset": "soft", "limit": LIMIT})
    answers = [sheet.amend(1, {**BOLACHEN_PLAIN, "won": won}) for won in (False, True)]
    # The first took 31 of 40; the second starts within the budget, and spends the rest.
    assert [answer.status_code for answer in answers] == [200, 200]
    assert left(answers[0]) == 40 - charged(MAX_GAMES) == 9
    refused = sheet.amend(1, BOLACHEN_PLAIN)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    with sheet.client.application.app_context():
        # Nothing written by the refused one: game 1 is as the second amendment left it.
        assert store.load_sheet(store.get_db(), sheet.id).entries[0]["won"] is True
