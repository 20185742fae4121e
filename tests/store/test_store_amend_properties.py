"""Whatever was recorded, amended and deleted, the stored sheet is the engine's replay of its
log: an amendment that scores the later games again only until one stands as stored
(store/sheets/log.py) leaves every row as a fresh replay would write it.
"""

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bauerblock import store
from bauerblock.engine.errors import RuleError
from bauerblock.engine.games import sheet_game
from bauerblock.services import sheets as service
from bauerblock.store.errors import GameNotFound
from bauerblock.store.sheets import checkpoints, head_of
from bauerblock.store.sheets import log as sheet_log
from bauerblock.store.sheets.checkpoints import CHECKPOINT
from tests.long_sheets import assert_stored_is_the_replay, fill

BAUERCHEN = [
    {"result": {"winner": "A", "band": "frei"}},
    {"result": {"winner": "B", "band": "schwarz"}, "spritz": 1},
    {"result": {"winner": "A", "band": "schneider"}, "melds": [{"team": "A", "kind": "40"}]},
    {"card_points": {"B": 72}},
    {"card_points": {"A": 40}, "melds": [{"team": "B", "kind": "20"}]},
    {"solo": {"team": "B", "won": True}},
]
BOLACHEN = [
    {"declarer": 0, "contract": "brand", "trump": "herz", "won": True},
    {"declarer": 0, "contract": "brand", "trump": "eichel", "won": True},
    {"declarer": 1, "contract": "bettel", "won": False},
    {"declarer": 2, "contract": "mord", "tricks": 10},
]
EVENINGS: dict[str, tuple[str, dict[str, Any] | None, list[dict[str, Any]]]] = {
    # Rules with an end (a round limit, a limit), so that a change can also end the evening
    # early and refuse the games after it; a total that decides the end never drifts.
    "bauerchen": ("bauerchen", {"round_limit": 6, "forty_rule": True}, BAUERCHEN),
    "bauerschspiel": ("bauerschspiel", None, [{"winner": "A"}, {"winner": "B"}]),
    "bolachen": ("bolachen", {"preset": "hard", "limit": 400}, BOLACHEN),
    # Rules under which a change often moves only what counts (the engine's drift): every
    # round a Stein, a board of one stroke (a Nullchen a game), totals without a limit.
    "bauerchen, a Stein a round": ("bauerchen", {"knoddels_per_stein": 1}, BAUERCHEN),
    "bauerschspiel, one stroke": (
        "bauerschspiel",
        {"strokes": 1},
        [{"winner": "A"}, {"winner": "B"}],
    ),
    "bolachen, no limit": ("bolachen", {"preset": "soft"}, BOLACHEN),
}


def steps(entries: int) -> st.SearchStrategy[list[tuple[str, int, int]]]:
    """A sheet's writes: (what, which game, which entry of the game's list)."""
    write = st.tuples(
        st.sampled_from(["record", "record", "amend", "amend", "delete"]),
        st.integers(1, 30),
        st.integers(0, entries - 1),
    )
    return st.lists(write, min_size=3, max_size=45)


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


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(game=st.sampled_from(sorted(EVENINGS)), data=st.data())
def test_any_writes_leave_the_stored_sheet_equal_to_a_fresh_replay(db, monkeypatch, game, data):
    # A replay forgets the games it played every few games, as a long one every 100, and a
    # row keeps its standing every few, as every 50: a change crosses several checkpoints.
    monkeypatch.setattr(sheet_log, "FORGET_EVERY", 3)
    monkeypatch.setattr(checkpoints, "CHECKPOINT", data.draw(st.sampled_from([1, 2, 5])))
    name, rules, pool = EVENINGS[game]
    sheet, _ = store.create_sheet(db, name, rules=rules)
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
        return sheet_log.plan_from(db, head, number, entry)


def test_an_amend_replays_to_the_next_checkpoint_that_stands_as_stored_or_drifted(db):
    sheet, _ = store.create_sheet(db, "bolachen", rules={"preset": "soft"})
    fill(db, sheet.id, BOLACHEN[0], 3 * CHECKPOINT + CHECKPOINT // 2)
    # Another trump, the same contract won: every total stays, and the games up to the
    # first checkpoint are stored anew, no later one (nor any checkpoint's standing).
    plan = plan_of(db, sheet.id, 1, BOLACHEN[1])
    assert (len(plan.rows), plan.through, plan.moved) == (CHECKPOINT, CHECKPOINT, {})
    # Lost instead of won: every later total moves by as much, and so do the later
    # checkpoints; the games after the first one stay as stored.
    plan = plan_of(db, sheet.id, 1, {**BOLACHEN[0], "won": False})
    assert (len(plan.rows), plan.through) == (CHECKPOINT, CHECKPOINT)
    assert sorted(plan.moved) == [2 * CHECKPOINT, 3 * CHECKPOINT]
    for entry in (BOLACHEN[1], {**BOLACHEN[0], "won": False}):
        changed = service.amend_game(db, sheet.id, 1, entry)
        assert changed.scored == CHECKPOINT
        assert [game["number"] for game in changed.state["games"]] == list(
            range(1, service.CHANGED_PAGE + 1)
        )
        assert (
            changed.head.played
            == changed.state["current"]["games_played"]
            == 3 * CHECKPOINT + CHECKPOINT // 2
        )
        assert_stored_is_the_replay(db, sheet.id)


@pytest.mark.parametrize(
    ("game", "rules", "entry", "amended"),
    [
        # A round won by the other team, a Stein a round: the Steine and rounds won move.
        (
            "bauerchen",
            {"knoddels_per_stein": 1},
            {"solo": {"team": "A", "won": True}},
            {"solo": {"team": "B", "won": True}},
        ),
        # A board of one stroke: the Nullchen goes to the other team.
        ("bauerschspiel", {"strokes": 1}, {"winner": "A"}, {"winner": "B"}),
        ("bolachen", {"preset": "soft"}, BOLACHEN[0], BOLACHEN[2]),
    ],
)
def test_a_change_of_what_only_counts_moves_the_later_checkpoints(db, game, rules, entry, amended):
    sheet, _ = store.create_sheet(db, game, rules=rules)
    fill(db, sheet.id, entry, 3 * CHECKPOINT + CHECKPOINT // 2)
    plan = plan_of(db, sheet.id, 1, amended)
    assert (len(plan.rows), plan.through) == (CHECKPOINT, CHECKPOINT)
    assert sorted(plan.moved) == [2 * CHECKPOINT, 3 * CHECKPOINT]
    assert service.amend_game(db, sheet.id, 1, amended).scored == CHECKPOINT
    assert_stored_is_the_replay(db, sheet.id)


def test_a_total_that_ends_the_evening_never_drifts(db):
    # With a limit a total decides the end: the amendment plays every later game again.
    sheet, _ = store.create_sheet(db, "bolachen", rules={"preset": "soft", "limit": 100_000})
    fill(db, sheet.id, BOLACHEN[0], 250)
    changed = service.amend_game(db, sheet.id, 1, {**BOLACHEN[0], "won": False})
    # Scored again well past the games a replay keeps in its state.
    assert changed.scored == 250 > sheet_log.FORGET_EVERY
    assert_stored_is_the_replay(db, sheet.id)


def test_an_amend_replays_until_the_evening_stands_as_stored(db, monkeypatch):
    monkeypatch.setattr(checkpoints, "CHECKPOINT", 4)
    sheet, _ = store.create_sheet(db, "bauerchen", rules={"round_limit": 6, "forty_rule": True})
    for number in range(24):
        service.record_game(db, sheet.id, BAUERCHEN[number % 2])
    # Game 1 won by B instead of A: the round ends elsewhere, then falls back into step.
    plan = plan_of(db, sheet.id, 1, {"result": {"winner": "B", "band": "frei"}})
    assert plan.error is None and plan.through is not None and 1 < plan.through < 24
    assert len(plan.rows) == plan.through and plan.through % 4 == 0 and plan.moved == {}
    service.amend_game(db, sheet.id, 1, {"result": {"winner": "B", "band": "frei"}})
    assert_stored_is_the_replay(db, sheet.id)


def test_a_deletion_moves_every_later_game_up(db):
    sheet, _ = store.create_sheet(db, "bolachen", rules={"preset": "soft"})
    fill(db, sheet.id, BOLACHEN[0], CHECKPOINT + 10)
    deleted = service.delete_game(db, sheet.id, 3)
    assert deleted.scored == CHECKPOINT + 7 and deleted.head.played == CHECKPOINT + 9
    assert_stored_is_the_replay(db, sheet.id)
