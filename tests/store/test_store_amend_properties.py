"""Whatever was recorded, amended and deleted, the stored sheet is the engine's replay of its
log: an amendment that scores the later games again only until one stands as stored
(store/sheets/log.py) leaves every row as a fresh replay would write it.
"""

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bauerblock import store
from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import restore
from bauerblock.engine.games import sheet_game
from bauerblock.services import sheets as service
from bauerblock.store.db import immediate
from bauerblock.store.errors import GameNotFound
from bauerblock.store.sheets import head_of
from bauerblock.store.sheets import log as sheet_log

EVENINGS: dict[str, tuple[dict[str, Any] | None, list[dict[str, Any]]]] = {
    # Each game's rules with an end (a round limit, rounds to win, a limit), so that a
    # change can also end the evening early and refuse the games after it.
    "bauerchen": (
        {"round_limit": 6, "forty_rule": True},
        [
            {"result": {"winner": "A", "band": "frei"}},
            {"result": {"winner": "B", "band": "schwarz"}, "spritz": 1},
            {
                "result": {"winner": "A", "band": "schneider"},
                "melds": [{"team": "A", "kind": "40"}],
            },
            {"card_points": {"B": 72}},
            {"card_points": {"A": 40}, "melds": [{"team": "B", "kind": "20"}]},
            {"solo": {"team": "B", "won": True}},
        ],
    ),
    "bauerschspiel": (None, [{"winner": "A"}, {"winner": "B"}]),
    "bolachen": (
        {"preset": "hard", "limit": 400},
        [
            {"declarer": 0, "contract": "brand", "trump": "herz", "won": True},
            {"declarer": 0, "contract": "brand", "trump": "eichel", "won": True},
            {"declarer": 1, "contract": "bettel", "won": False},
            {"declarer": 2, "contract": "mord", "tricks": 10},
        ],
    ),
}


def steps(entries: int) -> st.SearchStrategy[list[tuple[str, int, int]]]:
    """A sheet's writes: (what, which game, which entry of the game's list)."""
    write = st.tuples(
        st.sampled_from(["record"] * 3 + ["amend", "delete"]),
        st.integers(1, 40),
        st.integers(0, entries - 1),
    )
    return st.lists(write, min_size=1, max_size=45)


def written(
    db, sheet_id: str, step: tuple[str, int, int], pool: list[dict[str, Any]], log: list[Any]
) -> list[Any]:
    """Write one step and return the log as it should be after it: a step the sheet refuses
    (a game after the evening's end, a game not there) changes nothing, and is refused only
    when the log it would leave is no evening the engine plays."""
    what, number, which = step
    wanted = {
        "record": [*log, pool[which]],
        "amend": [*log[: number - 1], pool[which], *log[number:]],
        "delete": [*log[: number - 1], *log[number:]],
    }[what]
    try:
        if what == "record":
            service.record_game(db, sheet_id, pool[which])
        elif what == "amend":
            service.amend_game(db, sheet_id, number, pool[which])
        else:
            service.delete_game(db, sheet_id, number)
    except GameNotFound:
        assert number > len(log)
        return log
    except RuleError:
        head = store.load_head(db, sheet_id)
        assert head is not None
        with pytest.raises(RuleError):
            sheet_game(head.game).replay(head.rules, head.first_dealer, wanted)
        return log
    return wanted


def assert_stored_is_the_replay(db, sheet_id: str) -> None:
    stored = store.load_sheet(db, sheet_id)
    assert stored is not None
    module = sheet_game(stored.game)
    fresh = module.replay(stored.rules, stored.first_dealer, stored.entries)
    assert {**store.replay(stored), "games_from": 1} == {**fresh.to_dict(), "games_from": 1}
    # Each row's standing too: the next write plays on from it.
    rows = db.execute(
        "SELECT number, standing FROM entries WHERE sheet_id = ? ORDER BY number", [sheet_id]
    ).fetchall()
    assert [number for number, _ in rows] == list(range(1, len(stored.entries) + 1))
    state = module.start(stored.rules, stored.first_dealer)
    for (_, standing), entry in zip(rows, stored.entries, strict=True):
        state = module.play(state, entry)
        assert restore(type(state.standing), json.loads(standing)) == state.standing


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(game=st.sampled_from(sorted(EVENINGS)), data=st.data())
def test_any_writes_leave_the_stored_sheet_equal_to_a_fresh_replay(db, monkeypatch, game, data):
    # A replay forgets the games it played every few games, as a long one every 100.
    monkeypatch.setattr(sheet_log, "FORGET_EVERY", 3)
    rules, pool = EVENINGS[game]
    sheet, _ = store.create_sheet(db, game, rules=rules)
    log: list[Any] = []
    # Each game twice in a row as well: deleting one of two alike leaves the same standing.
    for which in [*range(len(pool)), *range(len(pool)), *sorted([*range(len(pool))] * 2)]:
        log = written(db, sheet.id, ("record", 0, which), pool, log)
    for step in data.draw(steps(len(pool))):
        log = written(db, sheet.id, step, pool, log)
        assert list(store.sheets.require_sheet(db, sheet.id).entries) == log
        assert_stored_is_the_replay(db, sheet.id)


def plan_of(db, sheet_id: str, number: int, entry: dict[str, Any]) -> sheet_log.Plan:
    with db.atomic():
        head = head_of(db, sheet_id)
        return sheet_log.plan_from(db, head, number, lambda later: [entry, *later])


def test_an_amend_that_leaves_the_standing_rewrites_its_game_alone(db):
    pool = EVENINGS["bolachen"][1]
    sheet, _ = store.create_sheet(db, "bolachen", rules={"preset": "soft"})
    for _ in range(30):
        service.record_game(db, sheet.id, pool[0])
    # Another trump, the same contract won: game 1 reads anew, every total stays.
    plan = plan_of(db, sheet.id, 1, pool[1])
    assert (len(plan.rows), plan.through) == (1, 1)
    # Lost instead of won: every later total moves, and every later game is stored anew.
    plan = plan_of(db, sheet.id, 1, {**pool[0], "won": False})
    assert (len(plan.rows), plan.through) == (30, None)

    changed = service.amend_game(db, sheet.id, 1, pool[1])
    assert changed.game is not None and changed.game["trump"] == "eichel"
    assert [game["number"] for game in changed.sheet["games"]] == list(
        range(1, service.CHANGED_PAGE + 1)
    )
    assert changed.head.played == 30 and changed.sheet["current"]["games_played"] == 30
    assert_stored_is_the_replay(db, sheet.id)


def test_an_amend_replays_until_the_evening_stands_as_stored(db):
    rules, pool = EVENINGS["bauerchen"]
    sheet, _ = store.create_sheet(db, "bauerchen", rules=rules)
    for number in range(24):
        service.record_game(db, sheet.id, pool[number % 2])
    # Game 1 won by B instead of A: the round ends elsewhere, then falls back into step.
    plan = plan_of(db, sheet.id, 1, {"result": {"winner": "B", "band": "frei"}})
    assert plan.error is None and plan.through is not None and 1 < plan.through < 24
    assert len(plan.rows) == plan.through
    service.amend_game(db, sheet.id, 1, {"result": {"winner": "B", "band": "frei"}})
    assert_stored_is_the_replay(db, sheet.id)


def test_amending_game_one_of_a_long_evening_stores_what_a_fresh_replay_gives(db):
    pool = EVENINGS["bolachen"][1]
    sheet, _ = store.create_sheet(db, "bolachen", rules={"preset": "soft"})
    with immediate(db):
        head = head_of(db, sheet.id)
        rows, _ = sheet_log.play_on(head, None, [pool[n % len(pool)] for n in range(250)])
        sheet_log.store_rows(db, head, rows, start=1, standing=None)
    changed = service.amend_game(db, sheet.id, 1, {**pool[0], "won": False})
    # Every later total moves: scored again well past the games a replay keeps in its state.
    assert changed.scored == 250 > sheet_log.FORGET_EVERY
    assert_stored_is_the_replay(db, sheet.id)
