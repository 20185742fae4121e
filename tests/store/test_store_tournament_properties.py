"""Invariants of a tournament under any sequence of organiser steps and table games.

Whatever the organiser presses and the tables record, in any order: a refused step changes
nothing (not even the version), an accepted one moves the version on, every draw seats each
of its players exactly once or gives them a bye, and the points add up to two a completed
round plus the byes' points. A table's phone never writes to a closed draw, the pads'
view of a closed draw is the engine's, and once the tournament is finished its standings
move only with a correction the organiser made (and that is kept).
"""

import tempfile
from contextlib import contextmanager
from pathlib import Path

from hypothesis import event, given, settings
from hypothesis import strategies as st

from bauerblock import store
from bauerblock.engine.errors import RuleError
from bauerblock.kinds.preisbauer import engine
from bauerblock.services import sheets as service
from bauerblock.services.corrections import correct
from bauerblock.store import tournaments
from bauerblock.store.errors import DrawNotFound, GameNotFound, SheetClosed
from tests.told import told

GAMES = [
    {"result": {"winner": "A", "band": "schwarz"}},
    {"result": {"winner": "B", "band": "schneider"}},
    {"card_points": {"A": 40}},
]
REFUSALS = (
    RuleError,
    engine.StateConflict,
    engine.PlayerNotFound,
    DrawNotFound,
    GameNotFound,
    SheetClosed,
)

# Draws and games come up more often than the rest: they are where a tournament moves.
steps = st.lists(
    st.one_of(
        st.tuples(st.just("enter"), st.just(0)),
        st.tuples(st.just("withdraw"), st.integers(1, 9)),
        st.tuples(st.just("reinstate"), st.integers(1, 9)),
        st.tuples(st.just("undo"), st.integers(0, 10_000)),
        st.tuples(st.just("correct"), st.integers(0, 10_000)),
        st.tuples(st.just("end"), st.integers(1, 2)),
        st.tuples(st.just("redo"), st.integers(1, 2)),
        *[st.tuples(st.just("draw"), st.integers(0, 3))] * 2,
        *[st.tuples(st.just("play"), st.integers(0, 10_000))] * 4,
    ),
    min_size=4,
    max_size=30,
)


def counts(db) -> tuple[int, ...]:
    tables = ("tournament_players", "draws", "draw_tables", "sheets", "entries", "corrections")
    return tuple(db[name].count for name in tables)


def step(db, stored, token, kind, arg) -> None:
    if kind == "enter":
        tournaments.roster(db, stored.id).add(
            db, stored.id, [f"Spät {len(stored.tournament.players) + 1}"]
        )
    elif kind == "withdraw":
        tournaments.roster(db, stored.id).withdraw(db, stored.id, arg)
    elif kind == "reinstate":
        tournaments.roster(db, stored.id).reinstate(db, stored.id, arg)
    elif kind == "draw":
        tournaments.draw_next(db, stored.id, token, seed=str(arg))
    elif kind == "end":
        tournaments.end_draw(db, stored.id, arg)
    elif kind == "redo":
        tournaments.redo_draw(db, stored.id, arg)
    elif not stored.tables:
        raise DrawNotFound(1)
    else:
        sheet_id = table_of(stored, arg).sheet_id
        if kind == "undo":
            # The table's phone takes back its last game.
            service.delete_game(db, sheet_id, store.load_head(db, sheet_id).played)
        elif kind == "correct":
            # The organiser amends (or, odd numbers, deletes) a game at any table.
            played = store.load_head(db, sheet_id).played
            if arg % 2:
                correct(db, sheet_id, service.Delete(played))
            else:
                game = GAMES[arg % len(GAMES)]
                correct(db, sheet_id, service.Amend(max(played, 1), game))
        else:
            for n in range(4):
                try:
                    service.record_game(db, sheet_id, GAMES[(arg + n) % len(GAMES)])
                except (RuleError, SheetClosed):
                    # A finished or closed table: refused at once, or after the games it took.
                    if n == 0:
                        raise
                    return


def table_of(stored, arg):
    tables = sorted(stored.tables.values(), key=lambda t: (t.draw, t.number))
    return tables[arg % len(tables)]


def shown(stored) -> dict:
    """Return what the tournament's document shows, but its version and time stamps."""
    document = told(stored)
    return {key: value for key, value in document.items() if key not in ("version", "updated")}


def check(db, stored) -> None:
    tournament, rounds = stored.tournament, stored.rounds
    for made in tournament.draws:
        seated = sorted(made.seated + made.byes)
        assert seated == sorted(tournament.players_of(made.number))
        assert len(set(made.seated)) == len(made.seated)
    lines = engine.standings(tournament, rounds)
    completed = sum(len(r) for r in rounds.values())
    byes = sum(len(made.byes) for made in tournament.draws)
    assert sum(line.points for line in lines) == 2 * completed + byes * tournament.format.bye_points
    assert all(len(r) <= tournament.format.rounds_per_draw for r in rounds.values())
    for (draw, _), table in stored.tables.items():
        # The pads' one-table answer (SQL) is the engine's rule for the whole tournament.
        closed = store.load_head(db, table.sheet_id).tournament["closed"]
        assert closed == engine.draw_locked(tournament, rounds, draw)


@contextmanager
def fresh_tournament(players):
    """Yield a new database's connection, a tournament of `players` on it, and its token."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.sqlite3"
        store.init_database(path)
        db = store.connect(path)
        try:
            stored, token = tournaments.create_tournament(
                db,
                players=[f"P{n}" for n in range(players)],
                format={"rounds_per_draw": 1, "draws": 2},
            )
            yield db, stored, token
        finally:
            db.close()


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 10), plan=steps)
def test_any_sequence_of_steps_keeps_the_tournament_whole(players, plan):
    with fresh_tournament(players) as (db, stored, token):
        for kind, arg in plan:
            before, rows, seen = stored.version, counts(db), shown(stored)
            tables = bool(stored.tables)
            was_finished = seen["finished"]
            try:
                step(db, stored, token, kind, arg)
            except REFUSALS as refusal:
                event(f"{kind} refused: {type(refusal).__name__}")
                stored = tournaments.load_tournament(db, stored.id)
                assert stored.version == before and counts(db) == rows, kind
            else:
                event(f"{kind} done")
                stored = tournaments.load_tournament(db, stored.id)
                # A new version exactly when something changed (a game that closes
                # no round changes only its sheet); withdrawing or ending twice is none.
                changed = (kind in ("play", "undo", "correct") and tables) or (
                    shown(stored) != seen
                )
                assert (stored.version > before) == changed, kind
                assert stored.version >= before
            if was_finished:
                # Nothing but a kept correction moves a finished tournament's standings.
                corrected = len(stored.corrections) > len(seen["corrections"])
                assert corrected or shown(stored)["standings"] == seen["standings"], kind
                assert corrected == (kind == "correct" and counts(db) != rows), kind
            if was_finished and kind == "correct":
                event(f"correction after the end: {stored.version > before}")
            check(db, stored)


def finish(db, stored, token):
    """Draw every planned draw and play every table out; return the finished tournament."""
    while not told(stored)["finished"]:
        stored, made = tournaments.draw_next(db, stored.id, token, seed=str(stored.version))
        for table in made.tables:
            sheet_id = stored.tables[(made.number, table.number)].sheet_id
            while not store.load_head(db, sheet_id).tournament["closed"]:
                try:
                    service.record_game(db, sheet_id, GAMES[0])
                except RuleError:
                    break  # table finished; the draw closes with its last table
        stored = tournaments.load_tournament(db, stored.id)
    return stored


@settings(max_examples=20, deadline=None)
@given(players=st.integers(4, 9), plan=steps)
def test_a_finished_tournament_moves_only_by_a_kept_correction(players, plan):
    with fresh_tournament(players) as (db, stored, token):
        stored = finish(db, stored, token)
        for kind, arg in plan:
            seen = shown(stored)
            try:
                step(db, stored, token, kind, arg)
            except REFUSALS as refusal:
                event(f"{kind} refused: {type(refusal).__name__}")
                if kind in ("enter", "withdraw", "reinstate", "draw", "redo"):
                    known = (engine.TournamentFinished, engine.PlayerNotFound, DrawNotFound)
                    assert isinstance(refusal, known), kind
                if kind in ("play", "undo"):
                    assert isinstance(refusal, SheetClosed), kind
            else:
                event(f"{kind} done")
                # Ending the last draw again changes nothing; only corrections write.
                assert kind in ("correct", "end"), kind
            stored = tournaments.load_tournament(db, stored.id)
            corrected = len(stored.corrections) - len(seen["corrections"])
            assert corrected in (0, 1)
            if not corrected:
                assert shown(stored) == seen, kind
            check(db, stored)
