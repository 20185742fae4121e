"""A Paarturnier under any sequence of draws, games and corrections (docs/rules.md section
5, "Corrections across stages"): random tournaments of 4..16 pairs, the tables' phones
playing the latest draw, the organiser correcting any table at any stage between draws.

After every step: every knock-out table seats the winners (at the match for third place,
the losers) of the matches before it as they stand, its sheet names the pairs it seats,
the ranking gives each pair one place, and a step either goes through or is refused in
words (a Refusal; anything else would be a 500). A refused step writes nothing.
"""

import itertools
import tempfile
from contextlib import contextmanager
from pathlib import Path

from hypothesis import Phase, event, given, settings
from hypothesis import strategies as st

from bauerblock import store
from bauerblock.engine.errors import Refusal, RuleError
from bauerblock.kinds.pairs import engine
from bauerblock.services import sheets as service
from bauerblock.services.corrections import correct
from bauerblock.store import tournaments

WIN = {"A": {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}}
WIN["B"] = {"result": {"winner": "B", "band": "schwarz"}, "spritz": 4}

formats = st.fixed_dictionaries(
    {
        "kind": st.just("pairs"),
        "rounds_to_win": st.integers(1, 2),
        "group_size": st.integers(3, 6),
        "advance": st.integers(1, 2),
        "third_place": st.booleans(),
    }
)
steps = st.lists(
    st.one_of(
        # A table of the latest draw plays a game from its phone.
        *[st.tuples(st.just("play"), st.integers(0, 10_000), st.sampled_from("AB"))] * 3,
        *[st.tuples(st.just("draw"), st.just(0), st.just("A"))] * 2,
        # Every open match of the latest draw is won (by A or B, table by table), then the
        # next draw is drawn: the tournament moves on to its knock-out.
        *[st.tuples(st.just("advance"), st.integers(0, 10_000), st.just("A"))] * 3,
        st.tuples(st.just("end"), st.just(0), st.just("A")),
        # The organiser amends the first game, deletes the last or records one, anywhere.
        st.tuples(st.just("amend"), st.integers(0, 10_000), st.sampled_from("AB")),
        st.tuples(st.just("delete"), st.integers(0, 10_000), st.just("A")),
        st.tuples(st.just("record"), st.integers(0, 10_000), st.sampled_from("AB")),
    ),
    min_size=10,
    max_size=60,
)


@contextmanager
def fresh_pairs(count, format):
    """Yield a new database's connection, a Paarturnier on it and its token (None: the
    format makes no knock-out for that count)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.sqlite3"
        store.init_database(path)
        db = store.connect(path)
        try:
            pairs = [[f"Erste {n}", f"Zweite {n}"] for n in range(1, count + 1)]
            try:
                stored, token = tournaments.create_tournament(db, pairs=pairs, format=format)
            except RuleError:
                yield db, None, None
            else:
                yield db, stored, token
        finally:
            db.close()


def step(db, stored, token, kind, arg, team) -> None:
    """Take one step: a draw, an end, a phone's game, or an organiser's correction."""
    if kind == "draw":
        tournaments.draw_next(db, stored.id, token, seed=f"s{stored.version}")
        return
    draws = stored.tournament.draws
    if kind == "end":
        tournaments.end_draw(db, stored.id, len(draws))
        return
    if not draws:
        tournaments.draw_next(db, stored.id, token, seed="first")
        return
    if kind == "win":
        latest = draws[-1]
        for match in latest.matches:
            result = stored.results.get((latest.number, match.table), engine.MatchResult())
            if not latest.ended and result.winner(stored.tournament.format.rounds_to_win) is None:
                sheet_id = stored.tables[(latest.number, match.table)].sheet_id
                # The winner by the table's bit of `arg`: the games that win it, one by one.
                team = "AB"[(arg >> match.table) & 1]
                while store.load_head(db, sheet_id).tournament["closed"] is False:
                    try:
                        service.record_game(db, sheet_id, WIN[team])
                    except RuleError:
                        break  # the match is won
        return
    if kind == "play":
        latest = draws[-1]
        table = latest.matches[arg % len(latest.matches)]
        sheet_id = stored.tables[(latest.number, table.table)].sheet_id
        service.record_game(db, sheet_id, WIN[team])
        return
    tables = sorted(stored.tables.values(), key=lambda t: (t.draw, t.number))
    sheet_id = tables[arg % len(tables)].sheet_id
    played = store.load_head(db, sheet_id).played
    if kind == "amend":
        correct(db, sheet_id, service.Amend(max(played, 1), WIN[team]))
    elif kind == "delete":
        correct(db, sheet_id, service.Delete(played))
    else:
        correct(db, sheet_id, service.Record(WIN[team]))


def expand(plan):
    """Yield the plan's steps, each "advance" as its two: win the open matches, then draw."""
    for kind, arg, team in plan:
        if kind == "advance":
            yield from (("win", arg, team), ("draw", 0, team))
        else:
            yield kind, arg, team


def counts(db) -> tuple[int, ...]:
    names = ("draws", "draw_tables", "sheets", "entries", "corrections")
    return tuple(db[name].count for name in names)


def check(db, stored) -> None:
    """Hold the knock-out to the results before it, and the ranking to one place a pair."""
    tournament, results = stored.tournament, stored.results
    rounds_to_win = tournament.format.rounds_to_win

    def winner(made, match):
        won = results.get((made.number, match.table), engine.MatchResult()).winner(rounds_to_win)
        return None if won is None else match.pairs[won]

    knockout = [d for d in tournament.draws if d.stage is not engine.Stage.GROUP]
    bracket = engine.bracket_of(tournament, results)
    if knockout:
        assert bracket is not None
        # Round 1 seats the pairs going on from the groups but those with a bye.
        standings = engine.group_standings(tournament, results)
        advance = tournament.format.advance
        going_on = {line.pair for lines in standings.values() for line in lines[:advance]}
        byes = {
            p
            for one, two in zip(bracket.slots[::2], bracket.slots[1::2], strict=True)
            for p in (one, two)
            if p is not None and None in (one, two)
        }
        assert {p for m in knockout[0].matches for p in m.pairs} == going_on - byes
        assert {p for p in bracket.slots if p is not None} == going_on
    for before, made in itertools.pairwise(knockout):
        winners = {winner(before, m) for m in before.matches if not m.third_place}
        if before is knockout[0]:
            winners |= byes
        losers = {p for m in before.matches for p in m.pairs} - winners
        for match in made.matches:
            assert set(match.pairs) <= (losers if match.third_place else winners), match
        assert None not in winners
    for (draw, number), table in stored.tables.items():
        match = tournament.draws[draw - 1].matches[number - 1]
        one, two = (tournament.pair(p) for p in match.pairs)
        players = store.load_head(db, table.sheet_id).players
        assert players == (one.names[0], two.names[0], one.names[1], two.names[1])
    ranking = engine.standings(tournament, results)
    numbers = [p.number for p in tournament.pairs] if tournament.draws else []
    assert sorted(line.pair for line in ranking) == numbers
    if stored.finished and engine.finished(tournament, results):
        assert [line.place for line in ranking].count(1) == 1


# No explain phase: replaying a whole tournament for each step's explanation takes minutes.
@settings(max_examples=25, deadline=None, phases=tuple(set(Phase) - {Phase.explain}))
@given(count=st.integers(4, 16), format=formats, plan=steps)
def test_any_sequence_of_draws_and_corrections_keeps_the_knockout_true(count, format, plan):
    with fresh_pairs(count, format) as (db, stored, token):
        if stored is None:
            event("no knock-out for this format")
            return
        for kind, arg, team in expand(plan):
            rows = counts(db)
            try:
                step(db, stored, token, kind, arg, team)
            except Refusal as refusal:
                # Words, never a 500; and nothing written.
                event(f"{kind} refused: {refusal.code}")
                assert counts(db) == rows, kind
            else:
                event(f"{kind} done")
            stored = tournaments.load_tournament(db, stored.id)
            check(db, stored)
        stages = {d.stage for d in stored.tournament.draws}
        event(f"reached {max(stages, key=list(engine.Stage).index) if stages else 'nothing'}")
