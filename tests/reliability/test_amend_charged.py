"""An amendment or a deletion costs the writes' budget what it scored (issue 34): one write,
and one more for every GAMES_A_WRITE games it scored again, so that one client cannot
spend the workers' time on amending game 1 of a full sheet 240 times a minute."""

import re

from bauerblock import store
from bauerblock.store.sheets import MAX_GAMES
from bauerblock.web.guards import GAMES_A_WRITE
from tests.conftest import make_app
from tests.long_sheets import BOLACHEN_PLAIN, fill
from tests.versions import if_match

SHEETS = "/api/v1/sheets"
LEFT = re.compile(r'"writes-60";r=(\d+);t=\d+')


def left(answer) -> int:
    found = LEFT.search(answer.headers["RateLimit"])
    assert found, answer.headers["RateLimit"]
    return int(found[1])


def test_a_change_is_charged_by_the_games_it_scored_again(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, RATELIMIT_WRITES="1000 per minute")
    client = app.test_client()
    body = {"game": "bolachen", "players": ["Hans", "Grete", "Karl"], "rules": {"preset": "soft"}}
    sheet = client.post(SHEETS, json=body).get_json()
    with app.app_context():
        fill(store.get_db(), sheet["id"], BOLACHEN_PLAIN, MAX_GAMES)
    auth = {"Authorization": f"Bearer {sheet['edit_token']}"}
    first = f"{SHEETS}/{sheet['id']}/games/1"

    def amend(entry: dict) -> int:
        answer = client.put(first, json=entry, headers=auth | if_match(client, sheet["id"]))
        assert answer.status_code == 200, answer.text
        return left(answer)

    # Another trump: game 1 alone is scored again, one write.
    settled = amend({**BOLACHEN_PLAIN, "trump": "eichel"})
    assert settled == 999
    # Lost: every later total moves, all 3000 games are scored again.
    moved = amend({**BOLACHEN_PLAIN, "won": False})
    assert moved == settled - (1 + MAX_GAMES // GAMES_A_WRITE) == 968
    # Deleting game 1 moves every later game up: 2999 scored again.
    deleted = client.delete(first, headers=auth | if_match(client, sheet["id"]))
    assert deleted.status_code == 200
    assert left(deleted) == moved - (1 + (MAX_GAMES - 1) // GAMES_A_WRITE)
    # The last game is one write, as a tap.
    last = client.delete(
        f"{SHEETS}/{sheet['id']}/games/{MAX_GAMES - 1}",
        headers=auth | if_match(client, sheet["id"]),
    )
    assert last.status_code == 200 and left(last) == left(deleted) - 1


def test_a_change_past_the_budget_is_refused_until_its_window_ends(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, RATELIMIT_WRITES="40 per minute")
    client = app.test_client()
    body = {"game": "bolachen", "players": ["Hans", "Grete", "Karl"], "rules": {"preset": "soft"}}
    sheet = client.post(SHEETS, json=body).get_json()
    with app.app_context():
        fill(store.get_db(), sheet["id"], BOLACHEN_PLAIN, MAX_GAMES)
    auth = {"Authorization": f"Bearer {sheet['edit_token']}"}
    first = f"{SHEETS}/{sheet['id']}/games/1"
    answers = [
        client.put(
            first, json={**BOLACHEN_PLAIN, "won": won}, headers=auth | if_match(client, sheet["id"])
        )
        for won in (False, True)
    ]
    # The first took 31 of 40; the second starts within the budget, and spends the rest.
    assert [answer.status_code for answer in answers] == [200, 200]
    refused = client.put(first, json=BOLACHEN_PLAIN, headers=auth | if_match(client, sheet["id"]))
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    with app.app_context():
        # Nothing written by the refused one: game 1 is as the second amendment left it.
        assert store.load_sheet(store.get_db(), sheet["id"]).entries[0]["won"] is True
