"""Groups in the store: roster, evenings started from it, versions, refusals."""

import pytest

from bauerblock import store
from bauerblock.engine.errors import RuleError
from bauerblock.exports.sheets import document as sheet_document
from bauerblock.services import sheets as service
from bauerblock.store import groups
from bauerblock.store.errors import GroupNotFound, RosterConflict
from tests.words import refused_saying

ROSTER = ["Hans", "Grete", "Karl", "Lise", "Otto"]
A_WINS = {"card_points": {"A": 72}}


def snapshot(db):
    """Return everything stored, to show that a refused write changed nothing."""
    tables = ("sheets", "entries", "groups", "group_players", "group_sheets")
    return {table: list(db.query(f"SELECT * FROM {table} ORDER BY 1, 2")) for table in tables}


@pytest.fixture
def group(db):
    return groups.create_group(db, "Stammtisch Zur Linde", ROSTER)


def test_a_created_group_loads_with_its_numbered_roster(db, group):
    made, token = group
    loaded = groups.load_group(db, made.id)
    assert loaded == made
    assert loaded.name == "Stammtisch Zur Linde"
    assert [(p.number, p.name) for p in loaded.players] == list(enumerate(ROSTER, start=1))
    assert loaded.evenings == ()
    assert len(made.id) >= 20 and len(token) >= 30
    assert groups.check_group_token(loaded, token)
    assert not groups.check_group_token(loaded, token + "x")
    assert not groups.check_group_token(loaded, None)
    # The token is stored hashed, never as it is.
    assert token not in str(snapshot(db))


@pytest.mark.parametrize(
    ("name", "players", "message"),
    [
        ("", ROSTER, "needs a name"),
        ("   ", ROSTER, "needs a name"),
        ("x" * 81, ROSTER, "at most 80"),
        (7, ROSTER, "must be text"),
        ("Linde", ["Hans", "hans"], "twice"),
        ("Linde", ["Hans", " "], "needs a name"),
        ("Linde", ["x" * 41], "at most 40"),
        ("Linde", "Hans", "list"),
        ("Linde", [f"P{n}" for n in range(groups.MAX_ROSTER + 1)], "at most 60"),
    ],
)
def test_bad_groups_are_refused_and_nothing_is_stored(db, name, players, message):
    with refused_saying(RuleError, match=message):
        groups.create_group(db, name, players)
    assert snapshot(db)["groups"] == []


def test_players_added_later_get_the_next_number(db, group):
    made, _ = group
    added, version = groups.add_player(db, made.id, "  Fritz  ")
    assert (added.number, added.name) == (6, "Fritz")
    loaded = groups.load_group(db, made.id)
    assert loaded.players[-1] == added
    assert loaded.version == made.version + 1 == version


@pytest.mark.parametrize(
    ("name", "error", "message"),
    [
        ("grete", RosterConflict, "number 2"),
        ("", RuleError, "needs a name"),
        ("x" * 41, RuleError, "at most 40"),
    ],
)
def test_bad_new_players_are_refused(db, group, name, error, message):
    made, _ = group
    before = snapshot(db)
    with refused_saying(error, match=message):
        groups.add_player(db, made.id, name)
    assert snapshot(db) == before


def test_a_full_roster_takes_no_one_more(db):
    made, _ = groups.create_group(db, "Big", [f"P{n}" for n in range(groups.MAX_ROSTER)])
    with refused_saying(RosterConflict, match="full"):
        groups.add_player(db, made.id, "One more")
    with refused_saying(RosterConflict, match="full"):
        groups.create_group_sheet(db, made.id, "bolachen", players=[1, 2, "One more"])


def test_unknown_groups_are_refused(db):
    assert groups.load_group(db, "nope") is None
    assert groups.group_version(db, "nope") is None
    with pytest.raises(GroupNotFound):
        groups.add_player(db, "nope", "Hans")
    with pytest.raises(GroupNotFound):
        groups.create_group_sheet(db, "nope", "bauerchen", players=[1, 2, 3, 4])


def test_an_evening_is_a_sheet_of_roster_players_carrying_its_group(db, group):
    made, _ = group
    sheet, token = groups.create_group_sheet(db, made.id, "bauerchen", players=[5, 1, 2, 3])
    assert sheet.players == ("Otto", "Hans", "Grete", "Karl")
    assert sheet.title == "Stammtisch Zur Linde"
    assert sheet.group == {"id": made.id, "players": [5, 1, 2, 3]}
    loaded = store.load_sheet(db, sheet.id)
    assert loaded == sheet
    assert store.check_token(loaded, token)
    document = sheet_document(loaded, store.replay(loaded))
    assert document["group"] == {"id": made.id, "players": [5, 1, 2, 3]}
    evenings = groups.load_group(db, made.id).evenings
    assert [(e.sheet_id, e.players) for e in evenings] == [(sheet.id, (5, 1, 2, 3))]


def test_a_sheet_outside_a_group_says_nothing_of_groups(db, created):
    sheet, _ = created
    assert sheet.group is None
    assert "group" not in sheet_document(sheet, store.replay(sheet))


def test_a_name_on_a_seat_is_a_roster_player_old_or_new(db, group):
    made, _ = group
    sheet, _ = groups.create_group_sheet(
        db, made.id, "bolachen", players=["lise", "Fritz", 1], title="Bolachen"
    )
    assert sheet.players == ("Lise", "Fritz", "Hans")
    assert sheet.group["players"] == [4, 6, 1]
    assert groups.load_group(db, made.id).roster()[6] == "Fritz"


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([1, 2, 3, 9], "number 9"),
        ([1, 2, 3, 1], "Hans is on two"),
        ([1, 2, "hans", 3], "Hans is on two"),
        ([1, 2, "Neu", "neu"], "Neu is on two"),
        ([1, 2, 3], "played by 4"),
        ([1, 2, 3, True], "roster number or a name"),
        ([1, 2, 3, None], "roster number or a name"),
        ([1, 2, 3, "x" * 41], "at most 40"),
        ("1234", "roster numbers"),
    ],
)
def test_bad_seats_are_refused_and_nothing_is_stored(db, group, players, message):
    made, _ = group
    before = snapshot(db)
    with refused_saying(RuleError, match=message):
        groups.create_group_sheet(db, made.id, "bauerchen", players=players)
    assert snapshot(db) == before


def test_sheet_settings_are_judged_as_for_any_sheet(db, group):
    made, _ = group
    before = snapshot(db)
    with refused_saying(RuleError, match="first_dealer"):
        groups.create_group_sheet(
            db, made.id, "bauerchen", players=[1, 2, 3, "Neu"], first_dealer=7
        )
    with refused_saying(RuleError, match="Unknown game"):
        groups.create_group_sheet(db, made.id, "skat", players=[1, 2, 3, 4])
    assert snapshot(db) == before


def test_the_group_version_follows_every_write_to_its_sheets(db, group):
    made, _ = group
    versions = [groups.group_version(db, made.id)]
    sheet, _ = groups.create_group_sheet(db, made.id, "bauerchen", players=[1, 2, 3, 4])
    versions.append(groups.group_version(db, made.id))
    service.record_game(db, sheet.id, A_WINS)
    versions.append(groups.group_version(db, made.id))
    service.amend_game(db, sheet.id, 1, {"card_points": {"B": 72}})
    versions.append(groups.group_version(db, made.id))
    service.delete_game(db, sheet.id, 1)
    versions.append(groups.group_version(db, made.id))
    assert versions == sorted(set(versions)) and len(versions) == 5
    # A sheet of no group moves no group.
    other, _ = store.create_sheet(db, "bauerchen")
    service.record_game(db, other.id, A_WINS)
    assert groups.group_version(db, made.id) == versions[-1]
    assert groups.load_group(db, made.id).evenings[0].version == 4


def test_evenings_are_listed_newest_first(db, group):
    made, _ = group
    first, _ = groups.create_group_sheet(db, made.id, "bauerchen", players=[1, 2, 3, 4])
    second, _ = groups.create_group_sheet(db, made.id, "bauerschspiel", players=[2, 3, 4, 5])
    ids = [e.sheet_id for e in groups.load_group(db, made.id).evenings]
    assert ids == [second.id, first.id]


def test_etags_name_the_group_and_its_version(db, group):
    made, _ = group
    other, _ = groups.create_group(db, "Andere", ["A"])
    assert groups.group_etag(made.id, 1) != groups.group_etag(made.id, 2)
    assert groups.group_etag(made.id, 1) != groups.group_etag(other.id, 1)


def test_a_retried_roster_write_gets_its_first_answer(db, group):
    made, _ = group
    first = groups.add_player(db, made.id, "Fritz", idempotency_key="add-fritz-01")
    assert groups.add_player(db, made.id, "Fritz", idempotency_key="add-fritz-01") == first
    with pytest.raises(store.IdempotencyConflict):
        groups.add_player(db, made.id, "Erna", idempotency_key="add-fritz-01")
    assert [p.name for p in groups.load_group(db, made.id).players].count("Fritz") == 1


def test_a_retried_evening_is_the_first_evening(db, group):
    made, _ = group
    sheet, token = groups.create_group_sheet(
        db, made.id, "bolachen", players=[1, 2, 3], idempotency_key="evening-0001"
    )
    again, again_token = groups.create_group_sheet(
        db, made.id, "bolachen", players=[1, 2, 3], idempotency_key="evening-0001"
    )
    assert (again.id, again_token) == (sheet.id, token)
    assert store.check_token(again, token)
    assert len(groups.load_group(db, made.id).evenings) == 1
    with pytest.raises(store.IdempotencyConflict):
        groups.create_group_sheet(
            db, made.id, "bolachen", players=[3, 2, 1], idempotency_key="evening-0001"
        )
    # The token is kept sealed: the file does not hold it in clear.
    stored = db.execute("SELECT response FROM idempotency").fetchall()
    assert all(token not in row[0] for row in stored)
