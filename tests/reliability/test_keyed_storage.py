"""A key keeps what it needs, not a copy of the answer: a keyed game costs at most
KEYED_GAME_BYTES of the file (its row and its indexes, in SQLite's pages), and a retry
still answers byte for byte as the first time, after later games too."""

from __future__ import annotations

import pytest

from bauerblock import store
from bauerblock.services import sheets as service

KEYED_GAME_BYTES = 1500
"""The most a keyed game may add to the file for its key (issue 34: about 5 KB before)."""
API = "/api/v1"
PLAYERS = ["Anton", "Berta", "Cäsar", "Dora"]
ENTRIES = [
    {"result": {"winner": "A", "band": "frei"}},
    {"card_points": {"B": 72}},
    {"result": {"winner": "B", "band": "schneider"}, "melds": [{"team": "A", "kind": "20"}]},
    {"card_points": {"A": 40}},
]
GAMES = 200


def key_bytes(db) -> int:
    """Return the bytes the keys take in the file: their table's pages and their indexes'."""
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    row = db.execute(
        "SELECT SUM(pgsize) FROM dbstat WHERE name IN (SELECT name FROM sqlite_schema"
        " WHERE tbl_name = 'idempotency')"
    ).fetchone()
    return int(row[0] or 0)


@pytest.mark.parametrize(
    ("game", "players", "entries"),
    [
        ("bauerchen", PLAYERS, ENTRIES),
        (
            "bolachen",
            ["A", "B", "C"],
            [{"declarer": 0, "contract": "brand", "trump": "herz", "won": True}],
        ),
    ],
)
def test_a_keyed_game_keeps_at_most_the_bound(db, game, players, entries):
    sheet, _ = store.create_sheet(db, game, players=players)
    before = key_bytes(db)
    for n in range(GAMES):
        service.record_game(
            db, sheet.id, entries[n % len(entries)], idempotency_key=f"pad-{n:08d}-x"
        )
    per_game = (key_bytes(db) - before) / GAMES
    assert per_game <= KEYED_GAME_BYTES, per_game


def test_a_retry_after_later_games_answers_byte_for_byte_as_first(client):
    sheet = client.post(f"{API}/sheets", json={"game": "bauerchen", "players": PLAYERS}).json
    auth = {"Authorization": f"Bearer {sheet['edit_token']}"}
    games = f"{API}/sheets/{sheet['id']}/games"
    first = client.post(games, json=ENTRIES[0], headers={**auth, "Idempotency-Key": "tap-00000001"})
    assert first.status_code == 201
    amend_key = {**auth, "Idempotency-Key": "amend-0000001"}
    for entry in ENTRIES[1:]:
        assert client.post(games, json=entry, headers=auth).status_code == 201
    # An amend names the version it changes (If-Match); its retry repeats the request.
    amend_key["If-Match"] = client.get(f"{API}/sheets/{sheet['id']}").headers["ETag"]
    changed = client.put(f"{games}/2", json=ENTRIES[3], headers=amend_key)
    assert changed.status_code == 200
    assert client.post(games, json=ENTRIES[1], headers=auth).status_code == 201
    again = client.post(games, json=ENTRIES[0], headers={**auth, "Idempotency-Key": "tap-00000001"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.data == first.data
    for name in ("ETag", "Location", "Content-Type"):
        assert again.headers[name] == first.headers[name]
    changed_again = client.put(f"{games}/2", json=ENTRIES[3], headers=amend_key)
    assert changed_again.data == changed.data
    assert changed_again.headers["ETag"] == changed.headers["ETag"]
