"""Forgetting a series player: the name leaves the database file for good, in one
transaction; the results stay under the number."""

import sqlite3

import pytest

from bauerblock import store as house
from bauerblock.exports.cache import Download, ExportFiles
from bauerblock.series import service, store
from bauerblock.series.store import forget as forgetting
from bauerblock.store import tournaments
from bauerblock.store.tournaments.names import FORGOTTEN
from tests.series.season import NoFiles, one_of_each

NAME = "Zacharias Quendelmeyer"
PARTNER = "Wendelin Oberwörresbach"


@pytest.fixture
def season(db):
    """A series whose player 1 played a finished Preisbauer and a Paarturnier, written with
    keys (so kept answers hold what the writes answered)."""
    return one_of_each(db, NAME, PARTNER, keyed=True)


def file_bytes(path):
    """Return the bytes of the database file and its WAL, after a full checkpoint."""
    check = sqlite3.connect(path)
    check.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    check.close()
    found = path.read_bytes()
    wal = path.with_name(path.name + "-wal")
    return found + (wal.read_bytes() if wal.exists() else b"")


def traces(name):
    """The ways a name may sit in the file: as typed, JSON-escaped, and as its name key."""
    return [
        name.encode(),
        name.encode("ascii", "backslashreplace").replace(b"\\x", b"\\u00"),
        name.casefold().encode(),
        name.split()[-1].encode(),
    ]


def test_a_forgotten_name_is_gone_from_the_file_and_the_results_stay(db, db_path, season, tmp_path):
    new, solo, pairs, tables = season
    sid = new.series.id
    files = ExportFiles(tmp_path / "exports")
    for kept in [
        ("tournament", solo.tournament.id, "csv"),
        ("sheet", tables[0], "pdf"),
        ("series", sid, "json"),
    ]:
        files.put(kept, 1, Download(NAME.encode(), "x.csv"))
    files.put(("tournament", "other", "csv"), 1, Download(b"other", "o.csv"))
    before = service.board(db, sid).rangliste.standing(1)
    assert any(trace in file_bytes(db_path) for trace in traces(NAME))

    service.forget(db, sid, 1, exports=files, idempotency_key="forget-one-1")

    data = file_bytes(db_path)
    assert [trace for trace in traces(NAME) if trace in data] == []
    # The partner of the same pair keeps their name; the forgotten one's is no word at all
    # (each page says "Spieler 1" in its reader's language: test_hidden_names).
    assert "Oberwörresbach".encode("ascii", "backslashreplace").replace(b"\\x", b"\\u00") in data
    stored = tournaments.load_tournament(db, pairs.tournament.id)
    assert stored.tournament.pairs[0].names == (FORGOTTEN, PARTNER)
    solo_players = tournaments.load_tournament(db, solo.tournament.id).tournament.players
    assert solo_players[0].name == FORGOTTEN
    assert b"Spieler 1" not in data
    head = house.load_head(db, tables[0])
    assert NAME not in head.players
    after = service.board(db, sid).rangliste.standing(1)
    assert (after.points, after.place, after.played) == (before.points, before.place, before.played)
    player = store.read_series(db, sid).player(1)
    assert player.forgotten and player.name is None
    assert sorted(
        p.name for p in (tmp_path / "exports").iterdir() if not p.name.startswith(".")
    ) == ["tournament.other.csv.v1"]


def test_forgetting_twice_changes_nothing_and_the_number_is_never_given_again(db, season):
    new = season[0]
    first = service.forget(db, new.series.id, 1, exports=NoFiles())
    again = service.forget(db, new.series.id, 1, exports=NoFiles())
    assert again.version == first.version
    joined = service.add_player(db, new.series.id, new.token, NAME)
    assert joined.player.number == len(store.read_series(db, new.series.id).players)
    assert joined.player.number != 1


def test_a_forget_that_fails_forgets_nothing(db, season, monkeypatch):
    new = season[0]

    def broken(*args):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(forgetting, "bump", broken)
    with pytest.raises(sqlite3.OperationalError):
        service.forget(db, new.series.id, 1, exports=NoFiles())
    assert store.read_series(db, new.series.id).player(1).name == NAME
    stored = tournaments.load_tournament(db, season[1].tournament.id)
    assert stored.tournament.players[0].name == NAME
