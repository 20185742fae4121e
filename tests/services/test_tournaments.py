"""A tournament's use cases: typed results, the engine's coded refusals, a retry answered
with its first result, and a refusal that leaves every stored row as it was."""

import json
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bauerblock import store
from bauerblock.engine.errors import Refusal
from bauerblock.kinds.pairs.engine import KIND as PAIRS_KIND
from bauerblock.kinds.pairs.engine import PairsConflict
from bauerblock.kinds.preisbauer import engine
from bauerblock.kinds.preisbauer.store import StoredTournament
from bauerblock.services import tournaments as service
from bauerblock.services.keys import Key
from bauerblock.store import idempotency, tournaments
from bauerblock.store.errors import DrawNotFound, IdempotencyConflict, TournamentNotFound

NAMES = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna"]
PAIRS = [["Bernd", "Uwe"], ["Jens", "Tim"], ["Ina", "Eva"], ["Max", "Moritz"]]


def rows(db) -> dict[str, list[tuple]]:
    """Return every stored row of every table, in a stable order."""
    return {
        name: sorted(map(tuple, db.execute(f"SELECT * FROM [{name}]").fetchall()), key=repr)
        for name in db.table_names()
    }


@pytest.fixture
def preisbauer(db):
    """Return a new Preisbauer of eight players and its organiser's token."""
    made = service.create_tournament(db, players=NAMES, format={"draws": 2, "rounds_per_draw": 1})
    return made.stored.id, made.token


def test_a_created_tournament_is_the_stored_one_with_its_token(db):
    made = service.create_tournament(db, title="Zur Linde", players=NAMES[:4])
    assert isinstance(made.stored, StoredTournament)
    assert made.stored.title == "Zur Linde" and tournaments.check_token(
        db, made.stored.id, made.token
    )
    pairs = service.create_tournament(db, pairs=PAIRS, format={"kind": "pairs"})
    assert pairs.stored.kind == PAIRS_KIND


def test_the_roster_steps_answer_the_engines_players(db, preisbauer):
    tournament_id, _ = preisbauer
    entered = service.enter(db, tournament_id, ["Ida", "Paul"])
    assert [p.name for p in entered.players] == ["Ida", "Paul"] and not entered.replayed
    assert all(isinstance(p, engine.Player) for p in entered.players)
    withdrawn = service.withdraw(db, tournament_id, 9)
    assert withdrawn.player.number == 9 and not withdrawn.player.active
    assert service.reinstate(db, tournament_id, 9).player.active


def test_the_draw_steps_answer_the_draw_as_the_step_left_it(db, preisbauer):
    tournament_id, token = preisbauer
    drawn = service.draw(db, tournament_id, token, seed="linde")
    (made,) = drawn.stored.tournament.draws
    assert (drawn.number, drawn.sheets, len(made.tables)) == (1, 2, 2)
    # (The tables' edit tokens are the API's answer's: tests/api/test_tournament_retries.py.)
    assert drawn.version == tournaments.load_tournament(db, tournament_id).version
    assert drawn.stored.version == drawn.version
    again = service.redraw(db, tournament_id, 1, token, seed="neu")
    (made,) = again.stored.tournament.draws
    assert again.number == 1 and made.seed == "neu" and again.version > drawn.version
    ended = service.end_draw(db, tournament_id, 1)
    assert ended.stored.tournament.draws[0].ended and ended.sheets == 0
    # A retry keeps the draw's number and version, never the draw (a face tells it).
    second = service.draw(db, tournament_id, token)
    assert second.kept() == {"result": {"number": 2, "version": second.version}}
    gone = service.take_back(db, tournament_id, second.number)
    assert gone.number == 2 and gone.version > second.version
    assert len(tournaments.load_tournament(db, tournament_id).tournament.draws) == 1


def nothing(db, tournament_id, token) -> None:
    """Leave the tournament as it was made."""


def drawn(db, tournament_id, token) -> None:
    service.draw(db, tournament_id, token)


def four_withdrawn(db, tournament_id, token) -> None:
    for number in range(1, 6):
        service.withdraw(db, tournament_id, number)


REFUSED = [
    # (what happens first, the refused step with a key, the refusal's class, its code)
    (
        nothing,
        lambda db, t, k, key: service.withdraw(db, t, 99, idempotency_key=key),
        engine.PlayerNotFound,
        "player_not_found",
    ),
    (
        nothing,
        lambda db, t, k, key: service.enter(db, t, ["hans"], idempotency_key=key),
        engine.DuplicateName,
        "duplicate_name",
    ),
    (
        nothing,
        lambda db, t, k, key: service.end_draw(db, t, 1, idempotency_key=key),
        DrawNotFound,
        "draw_not_found",
    ),
    (
        nothing,
        lambda db, t, k, key: service.take_back(db, t, 1, idempotency_key=key),
        DrawNotFound,
        "draw_not_found",
    ),
    (
        nothing,
        lambda db, t, k, key: service.draw(db, "nope", k, idempotency_key=key),
        TournamentNotFound,
        "tournament_not_found",
    ),
    (
        drawn,
        lambda db, t, k, key: service.draw(db, t, k, idempotency_key=key),
        engine.TablesStillPlaying,
        "draw_still_playing",
    ),
    (
        four_withdrawn,
        lambda db, t, k, key: service.draw(db, t, k, idempotency_key=key),
        engine.TooFewPlayers,
        "too_few_players",
    ),
]


@pytest.mark.parametrize(("first", "step", "kind", "code"), REFUSED)
def test_a_refused_step_raises_its_code_and_stores_nothing(db, preisbauer, first, step, kind, code):
    tournament_id, token = preisbauer
    first(db, tournament_id, token)
    before = rows(db)
    with pytest.raises(Refusal) as refused:
        step(db, tournament_id, token, "refused-step-1")
    assert type(refused.value) is kind and refused.value.code == code
    # Not even the key is kept: sent again, the step is refused again, not answered.
    assert rows(db) == before
    with pytest.raises(kind):
        step(db, tournament_id, token, "refused-step-1")


def test_a_paarturnier_refuses_the_roster_steps_by_code(db):
    made = service.create_tournament(db, pairs=PAIRS, format={"kind": "pairs"})
    before = rows(db)
    for refused in (
        lambda: service.enter(db, made.stored.id, ["Spät"], idempotency_key="late-pair-1"),
        lambda: service.withdraw(db, made.stored.id, 1),
    ):
        with pytest.raises(PairsConflict) as error:
            refused()
        assert error.value.code == "pairs_fixed"
    assert rows(db) == before


def test_a_retried_step_answers_its_first_result_and_writes_nothing(db, preisbauer):
    tournament_id, token = preisbauer
    key = Key("reinstate-9-once", "reinstate 9", scope="caller")
    service.enter(db, tournament_id, ["Ida"])
    service.withdraw(db, tournament_id, 9)
    first = service.reinstate(db, tournament_id, 9, idempotency_key=key)
    service.withdraw(db, tournament_id, 9)
    stored = rows(db)
    again = service.reinstate(db, tournament_id, 9, idempotency_key=key)
    # The first answer, not the player as they stand now (withdrawn again).
    assert again.replayed and again.players == first.players and again.player.active
    assert rows(db) == stored
    drawn = service.draw(db, tournament_id, token, idempotency_key="draw-one-0001")
    stored = rows(db)
    retried = service.draw(db, tournament_id, token, idempotency_key="draw-one-0001")
    assert retried.replayed and (retried.number, retried.version) == (drawn.number, drawn.version)
    assert retried.sheets == 0 and rows(db) == stored


def test_a_key_with_another_request_is_refused_and_changes_nothing(db, preisbauer):
    tournament_id, token = preisbauer
    service.enter(db, tournament_id, ["Ida"], idempotency_key="late-entry-01")
    stored = rows(db)
    with pytest.raises(IdempotencyConflict):
        service.enter(db, tournament_id, ["Paul"], idempotency_key="late-entry-01")
    with pytest.raises(IdempotencyConflict):
        service.draw(db, tournament_id, token, idempotency_key="late-entry-01")
    assert rows(db) == stored


def test_a_taken_back_draw_takes_its_key_anew(db, preisbauer):
    tournament_id, token = preisbauer
    first = service.draw(db, tournament_id, token, seed="a", idempotency_key="draw-again-01")
    service.take_back(db, tournament_id, 1, idempotency_key="take-back-001")
    assert service.take_back(db, tournament_id, 1, idempotency_key="take-back-001").replayed
    # The key that made the gone draw makes it anew: its first answer named a draw no more.
    anew = service.draw(db, tournament_id, token, seed="a", idempotency_key="draw-again-01")
    assert not anew.replayed and anew.number == 1
    tables = [made.stored.tournament.draws[0].tables for made in (first, anew)]
    seats = [[table.seats for table in made] for made in tables]
    assert seats[0] == seats[1]  # the same seed, new sheets


steps = st.lists(
    st.sampled_from(["enter", "withdraw", "reinstate", "draw", "end", "take_back"]),
    min_size=1,
    max_size=8,
)


def step(db, tournament_id: str, token: str, kind: str, n: int, latest: int):
    """Take the organiser's step `kind` (the n-th, with its own key) on the latest draw."""
    key = f"step-{n:04d}-{kind}"
    if kind == "enter":
        return service.enter(db, tournament_id, [f"Spät {n}"], idempotency_key=key)
    if kind in ("withdraw", "reinstate"):
        return getattr(service, kind)(db, tournament_id, 1, idempotency_key=key)
    if kind == "draw":
        return service.draw(db, tournament_id, token, idempotency_key=key)
    if kind == "end":
        return service.end_draw(db, tournament_id, latest, idempotency_key=key)
    return service.take_back(db, tournament_id, latest, idempotency_key=key)


@settings(max_examples=20, deadline=None)
@given(steps)
def test_every_step_retried_with_its_key_answers_as_the_first_time(kinds):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "steps.sqlite3"
        store.init_database(path)
        db = store.connect(path)
        try:
            made = service.create_tournament(db, players=NAMES, format={"draws": 3})
            tournament_id, token = made.stored.id, made.token
            for n, kind in enumerate(kinds):
                latest = len(tournaments.load_tournament(db, tournament_id).tournament.draws)
                before = rows(db)
                try:
                    first = step(db, tournament_id, token, kind, n, latest)
                except Refusal:
                    assert rows(db) == before  # refused: nothing stored, not even the key
                    continue
                written = rows(db)
                again = step(db, tournament_id, token, kind, n, latest)
                # The first result again (a retried draw makes no sheets: none is charged).
                charged = {"sheets": 0} if isinstance(first, service.DrawResult) else {}
                assert again == replace(first, replayed=True, **charged)
                assert rows(db) == written
        finally:
            db.close()


def test_a_key_kept_before_results_were_is_answered_as_the_tournament_is_now(db, preisbauer):
    tournament_id, token = preisbauer
    owner = idempotency.tournament(tournament_id)
    drawn = service.draw(db, tournament_id, token)
    # The store kept what a step made by number; the API its answer's text (a removal none).
    kept = [
        ("old-draw-key-1", {"kind": "draw", "seed": None}, idempotency.Kept({"draw": 1})),
        ("old-late-key-1", {"kind": "player", "name": "Ida"}, idempotency.Kept({"player": 2})),
        ("old-gone-key-1", {"kind": "withdraw", "number": 3}, idempotency.Kept("", 204)),
    ]
    for key, request, answer in kept:
        idempotency.remember(db, owner, key, idempotency.fingerprint(request), answer)
    stored = rows(db)
    again = service.draw(db, tournament_id, token, idempotency_key="old-draw-key-1")
    assert again.replayed and (again.number, again.version) == (1, drawn.version)
    entered = service.enter(db, tournament_id, ["Ida"], idempotency_key="old-late-key-1")
    assert entered.replayed and entered.player.name == "Grete"  # player 2, as kept
    gone = service.withdraw(db, tournament_id, 3, idempotency_key="old-gone-key-1")
    assert gone.replayed and gone.player.number == 3 and gone.player.active
    assert rows(db) == stored


def test_an_api_answer_kept_before_results_were_is_its_player_again(db, preisbauer):
    tournament_id, _ = preisbauer
    key = Key("old-api-reinstate", "reinstate 4", scope="caller")
    player = {
        "number": 4,
        "name": "Lise",
        "active": True,
        "joined_draw": 1,
        "withdrawn_from": None,
        "missed": [],
    }
    answer = idempotency.Kept(json.dumps(player), 200, {"Content-Type": "application/json"})
    idempotency.remember(
        db, idempotency.tournament(tournament_id), key.key, key.request, answer, scope=key.scope
    )
    again = service.reinstate(db, tournament_id, 4, idempotency_key=key)
    assert again.replayed and again.player.to_dict() == player
