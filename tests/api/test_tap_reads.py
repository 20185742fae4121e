"""What a game recorded through the API reads: the sheet's head (one statement) once, under
the write lock, and the key; nothing after its COMMIT, at game 3 as at game 300."""

import pytest

from bauerblock import store
from tests.api import pair_play
from tests.api import tournament_calls as calls
from tests.long_sheets import fill
from tests.statements import head_reads, read_after_the_write, reads, traced

SHEETS = "/api/v1/sheets"
PLAIN = {"result": {"winner": "A", "band": "frei"}}


@pytest.mark.parametrize("played", [3, 300])
def test_a_keyed_tap_reads_the_head_once_and_the_key(app, client, played):
    body = {"game": "bauerchen", "players": ["Hans", "Grete", "Karl", "Lise"]}
    sheet = client.post(SHEETS, json=body).get_json()
    with app.app_context():
        fill(store.get_db(), sheet["id"], PLAIN, played)
    headers = {"Authorization": f"Bearer {sheet['edit_token']}", "Idempotency-Key": "tap-0000001"}
    url = f"{SHEETS}/{sheet['id']}/games"
    answer, seen = traced(
        app, lambda: client.post(url, json={"game": "bauerchen", **PLAIN}, headers=headers)
    )
    assert answer.status_code == 201 and answer.get_json()["game"]["number"] == played + 1
    selects = reads(seen)
    assert len(selects) <= 2 and head_reads(seen) == (0, 1), selects
    assert read_after_the_write(seen) == []


PREISBAUER = {"title": "Preisbauer", "players": [f"Spieler {n}" for n in range(1, 9)]}
PAIRS = {
    "title": "Bauer-WM",
    "pairs": [[f"Erste {n}", f"Zweite {n}"] for n in range(1, 9)],
    "format": {"kind": "pairs", "rounds_to_win": 2, "group_size": 4},
}
ROUND_FOR_A = {"result": {"winner": "A", "band": "schwarz"}}


@pytest.mark.parametrize("tournament", [PREISBAUER, PAIRS], ids=["preisbauer", "pairs"])
def test_a_tables_tap_reads_the_head_once_and_the_key(app, client, tournament):
    made = calls.create(client, tournament)
    sheet = calls.draw(client, made).json["tables"][0]["sheet"]
    url = f"{SHEETS}/{sheet['id']}/games"
    closed = 0
    # Taps until the table's first round is closed (its tournament's format wants more).
    for number in range(1, 10):
        headers = {
            "Authorization": f"Bearer {sheet['edit_token']}",
            "Idempotency-Key": f"tap-{number:07}",
        }
        answer, seen = traced(app, lambda: client.post(url, json=ROUND_FOR_A, headers=headers))  # noqa: B023
        assert answer.status_code == 201 and answer.get_json()["game"]["number"] == number
        assert len(reads(seen)) <= 2 and head_reads(seen) == (0, 1), reads(seen)
        assert read_after_the_write(seen) == []
        closed = len(answer.get_json()["state"]["rounds"])
        if closed:
            break
    assert closed == 1 and not answer.get_json()["state"]["current"]["finished"]


def _tap(app, client, table: dict, entry: dict, key: str) -> list[str]:
    """Record a game at a table with a key; return the reads it ran (none after its COMMIT)."""
    headers = {"Authorization": f"Bearer {table['sheet']['edit_token']}", "Idempotency-Key": key}
    url = f"{SHEETS}/{table['sheet']['id']}/games"
    answer, seen = traced(app, lambda: client.post(url, json=entry, headers=headers))
    assert answer.status_code == 201, answer.get_json()
    assert head_reads(seen) == (0, 1) and read_after_the_write(seen) == []
    return reads(seen)


@pytest.mark.parametrize("draws", [2, 5])
def test_a_preisbauer_table_that_finishes_reads_a_count_more_at_the_last_draw(app, client, draws):
    # One round a draw, won by a game with four Spritzen: each table's first game finishes
    # it. The last draw's games count its unfinished tables (one read); the game that
    # finishes the tournament reads nothing more, however many draws came before.
    made = calls.create(client, {**PREISBAUER, "format": {"draws": draws, "rounds_per_draw": 1}})
    for number in range(1, draws + 1):
        tables = calls.draw(client, made).json["tables"]
        for table in tables:
            key = f"tap-{number:03}-{table['number']:03}"
            selects = _tap(app, client, table, pair_play.win("A"), key)
            counted = [sql for sql in selects if "SELECT COUNT(*) FROM draw_tables" in sql]
            assert len(selects) - len(counted) <= 2, selects
            assert len(counted) == (number == draws), selects
    assert client.get(calls.url(made)).json["finished"]


@pytest.mark.parametrize("pairs", [8, 16])
def test_a_paarturnier_match_won_reads_its_draws_stage_with_the_head(app, client, pairs):
    # Every match is won by its first game; only the final's draw counts its undecided
    # matches (one read), and no game loads the tournament, however many draws it has.
    made = pair_play.create(client, pairs)
    while not pair_play.state(client, made)["finished"]:
        drawn = pair_play.draw(client, made)
        for table in drawn["tables"]:
            entry = pair_play.win(pair_play.team_of(table, min(table["pairs"])))
            key = f"tap-{drawn['number']:03}-{table['number']:03}"
            selects = _tap(app, client, table, entry, key)
            counted = [sql for sql in selects if "SELECT COUNT(*) FROM draw_tables" in sql]
            assert len(selects) - len(counted) <= 2, selects
            assert len(counted) == (drawn["stage"] == "final"), selects
