"""Paarturnier: fixed pairs in groups, then a knock-out, stored as a tournament's rows.

The same tables as the Preisbauer's (`store.tournaments.rows`): the tournament's row, its draws
and each draw's tables, every table an ordinary Bauerchen sheet, so a closed or ended
draw's tables refuse writes exactly as a Preisbauer's do. The pairs have their own rows;
a draw's row names its stage and a table's row its two pairs (seats: the pair numbers in
seat order, so seats 0 and 2 are the first pair), its group and whether it is the match
for third place. The engine (`kinds.pairs.engine`) judges every step and computes
groups, bracket and ranking from the tables' completed rounds; `store.tournaments.draws`
makes, ends and redoes its draws as a Preisbauer's, asking it what its engine says.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from sqlite_utils import Database

from bauerblock.engine.errors import RuleError
from bauerblock.engine.names import clean_text
from bauerblock.engine.tournament import TournamentFinished
from bauerblock.engine.tournament.seat import Seat
from bauerblock.engine.tournament.steps import Refusals
from bauerblock.kinds.pairs import engine
from bauerblock.kinds.pairs.engine.seat import seat as pair_seat
from bauerblock.store.common import now
from bauerblock.store.db import immediate
from bauerblock.store.sheets.head import MAX_NAME, Hosted
from bauerblock.store.tournaments import rows
from bauerblock.store.tournaments.names import Entrant
from bauerblock.store.tournaments.stored import table_rules


@dataclass(frozen=True)
class StoredPairs(rows.StoredRows):
    """A stored Paarturnier: its settings, the engine's view of it, and its matches' results."""

    kind: ClassVar[str] = engine.KIND
    own_points: ClassVar[bool] = False
    """Its ranking places pairs alone: a series scores their places."""
    entrants: ClassVar[str] = "pairs"
    refusals: ClassVar[Refusals] = engine.REFUSALS
    """Ending a draw leaves an open match undecided; redoing the first draws the groups
    anew, since they come from its seed."""
    tournament: engine.PairsTournament
    results: engine.Results
    """Each match's result so far, by (draw number, table number)."""
    sealed: bool = False
    """The final's draw was played out once: the tournament stays finished (corrections
    may still change its results, never reopen its tables to their phones)."""

    @property
    def finished(self) -> bool:
        """Tell whether the tournament is over (Endstand)."""
        return self.sealed or engine.finished(self.tournament, self.results)

    def closed(self, number: int) -> bool:
        """Tell whether draw `number` is closed to its tables' phones (as a Preisbauer's)."""
        draws = self.tournament.draws
        return number < len(draws) or draws[number - 1].ended or self.finished

    def check_open(self) -> None:
        """Refuse draws, ends and redraws once the tournament is finished: only corrections."""
        if self.finished:
            raise TournamentFinished()

    def next_draw(self, seed: str) -> tuple[engine.PairsDraw, rows.NewDraw]:
        """Return the next group or knock-out round (refused while the state forbids one)
        and its rows: a table a match."""
        self.check_open()
        made = engine.next_draw(self.tournament, self.results, seed)
        columns = {
            "number": made.number,
            "seed": made.seed,
            "byes": made.byes,
            "stage": made.stage.value,
        }
        return made, rows.NewDraw(columns, tuple(self.new_table(match) for match in made.matches))

    def new_table(self, match: engine.Match) -> rows.NewTable:
        """Return a match's new table: partners sit opposite, the first pair in seats 0, 2."""
        one, two = (self.tournament.pair(number) for number in match.pairs)
        assert one is not None and two is not None  # the engine draws registered pairs
        return rows.NewTable(
            match.table,
            [one.names[0], two.names[0], one.names[1], two.names[1]],
            # The pair numbers seat by seat: seats 0 and 2 are the first pair.
            [*match.pairs, *match.pairs],
            {"match_group": match.group, "third_place": int(match.third_place)},
        )

    @staticmethod
    def members(entrant: object) -> list[object]:
        """Return what an entrant of its list holds: a pair's two; refuse another shape."""
        if (
            isinstance(entrant, str | bytes)
            or not isinstance(entrant, Sequence)
            or len(entrant) != 2
        ):
            raise RuleError("pairs_list")
        return list(entrant)

    @staticmethod
    def create(db: Database, **new: Any) -> tuple[StoredPairs, str]:
        """Store a new Paarturnier with its pairs (`create`)."""
        return create(db, **new)

    @classmethod
    def from_row(cls, db: Database, row: rows.Row) -> StoredPairs:
        """Return the Paarturnier whose tournaments row this is, with its draws and results."""
        format = engine.resolve_pairs_format(json.loads(row["format"]))
        tournament, results, tables = _judged(db, row["id"], format)
        return cls(
            **rows.stored_fields(
                db,
                row,
                table_rules(engine.KIND, engine.table_spec(json.loads(row["rules"]), format)),
                tables,
            ),
            tournament=tournament,
            results=results,
            sealed=row["finished"] is not None,
        )

    @staticmethod
    def played_out(db: Database, tournament_id: str, hosted: Hosted, draw: int) -> bool:
        """Tell whether a game at the latest draw played the tournament out: every match of
        the final's draw won (the final, and the match for third), as its engine says
        (`finished`). Only the final's draw can be the last (its stage, read with the
        head); its matches' rounds won are counted in one read."""
        if hosted.stage != engine.Stage.FINAL:
            return False
        # A match is won when a pair has its rounds to win and more than the other.
        undecided = db.execute(
            """
            SELECT COUNT(*) FROM draw_tables AS t
            WHERE t.tournament_id = ? AND t.draw = ? AND NOT COALESCE((
                SELECT MAX(SUM(json_extract(r.value, '$.winner') = 'A'),
                        SUM(json_extract(r.value, '$.winner') = 'B')) >= ?
                    AND SUM(json_extract(r.value, '$.winner') = 'A')
                        <> SUM(json_extract(r.value, '$.winner') = 'B')
                FROM entries AS e, json_each(e.closed) AS r
                WHERE e.sheet_id = t.sheet_id AND e.closed <> '[]'
            ), 0)
            """,
            [tournament_id, draw, hosted.format["rounds_to_win"]],
        ).fetchone()[0]
        return not undecided

    @staticmethod
    def check_roster() -> None:
        """Refuse entries and withdrawals: the pairs are fixed at its start."""
        raise engine.PairsConflict("pairs_fixed")

    def player(self, number: int) -> None:
        """Return no player: a Paarturnier has pairs."""

    def ranking(self) -> dict[int, tuple[str, int | None, int]]:
        """Return each pair's names and place in the ranking so far (no points), by number."""
        names = {pair.number: " / ".join(pair.names) for pair in self.tournament.pairs}
        return {
            line.pair: (names[line.pair], None, line.place)
            for line in engine.standings(self.tournament, self.results)
        }

    def seat(self, number: int) -> Seat:
        """Return where pair `number` plays now; raise the engine's PlayerNotFound."""
        return pair_seat(self.tournament, self.results, number)

    def named(self, name: str) -> None:
        """Return no player: a Paarturnier has pairs."""

    def veiled(self, words: Mapping[Entrant, str]) -> StoredPairs:
        """Return the tournament with these words for its partners' names, by entrant (`names`)."""
        pairs = tuple(
            replace(
                pair,
                names=(
                    words.get((pair.number, 0), pair.names[0]),
                    words.get((pair.number, 1), pair.names[1]),
                ),
            )
            for pair in self.tournament.pairs
        )
        return replace(self, tournament=replace(self.tournament, pairs=pairs))

    def partnerships(self, number: int) -> dict[int, tuple[int, int]]:
        """Return the rounds pair `number` played and won, by its own number: its two
        partners play every round together."""
        together = won = 0
        for made in self.tournament.draws:
            for match in made.matches:
                if number in match.pairs:
                    result = self.results.get((made.number, match.table), engine.MatchResult())
                    together += sum(result.rounds)
                    won += result.rounds[match.pairs.index(number)]
        return {number: (together, won)}

    def redone(self, db: Database, number: int) -> None:
        """Undo nothing beyond the draw's own rows: its pairs are fixed."""

    @staticmethod
    def reseat(db: Database, tournament_id: str, at: str) -> list[dict[str, Any]]:
        """Re-seat the drawn knock-out tables a correction moved (in its transaction); return
        the moves (none: the correction changed no advancement).

        A table keeps its sheet, so its token and card stay valid: its seats and players follow
        the corrected result, and its new version shows them to its pad. Raise PairsConflict
        while a moved table has a game, or when a match before a drawn one lost its winner;
        the caller's transaction then writes nothing.
        """
        stored = StoredPairs.read(db, tournament_id)
        moved = engine.moves(stored.tournament, stored.results)
        games = {
            (draw, table): count
            for draw in {move.draw for move in moved}
            for table, count in rows.games_by_table(db, tournament_id, draw).items()
        }
        engine.check_moves(moved, games)
        for move in moved:
            seated = stored.new_table(engine.Match(move.table, move.seated))
            sheet_id = stored.tables[(move.draw, move.table)].sheet_id
            db.execute(
                "UPDATE draw_tables SET seats = ?"
                " WHERE tournament_id = ? AND draw = ? AND number = ?",
                [json.dumps(list(seated.seats)), tournament_id, move.draw, move.table],
            )
            db.execute(
                "UPDATE sheets SET players = ?, version = version + 1, updated = ? WHERE id = ?",
                [json.dumps(list(seated.players)), at, sheet_id],
            )
        return [move.to_dict() for move in moved]


def create(
    db: Database,
    *,
    title: str | None,
    rules: Mapping[str, Any] | None,
    format: Mapping[str, Any] | None,
    pairs: Sequence[object] | None = None,
    players: Sequence[str] = (),
    idempotency_key: str | None = None,
) -> tuple[StoredPairs, str]:
    """Store a new Paarturnier with its pairs; return it and its edit token.

    Raise RuleError for players instead of pairs, a bad format, rule set, title or name, a
    pair that is not two names, a name given twice, or pairs and a format that make no
    knock-out. (A Paarturnier's create keeps no idempotency key.)
    """
    if players:
        raise RuleError(
            "pairs_not_players",
        )
    pairs = pairs or ()
    resolved_format = engine.resolve_pairs_format(format)
    # Every match's rules: the tournament's, to `rounds_to_win`.
    resolved_rules = table_rules(engine.KIND, engine.table_spec(rules, resolved_format))
    registered = engine.register(_entries(pairs))
    engine.check_setup(resolved_format, len(registered))
    at = now()
    tournament_title = clean_text(title or "", rows.MAX_TITLE, "title") or f"Paarturnier {at[:10]}"
    with immediate(db):
        tournament_id, token = rows.insert_tournament(
            db, tournament_title, resolved_rules, resolved_format.to_dict(), at
        )
        db.table("tournament_pairs").insert_all(
            {"tournament_id": tournament_id, "number": pair.number, "names": json.dumps(pair.names)}
            for pair in registered
        )
        return StoredPairs.read(db, tournament_id), token


def _entries(pairs: Sequence[object]) -> list[object]:
    """Return the entries with each name checked for length (the engine checks the rest)."""
    if not isinstance(pairs, Sequence) or isinstance(pairs, str):
        return pairs  # type: ignore[return-value]  # the engine refuses it in words
    for entry in pairs:
        if isinstance(entry, Sequence) and not isinstance(entry, str):
            for name in entry:
                if isinstance(name, str):
                    clean_text(name, MAX_NAME, "name")
    return list(pairs)


# --- reading the rows ------------------------------------------------------------------


def judged(
    db: Database, tournament_id: str, format: Mapping[str, Any]
) -> tuple[engine.PairsTournament, engine.Results]:
    """Return the Paarturnier as its engine judges where each pair stands, and its matches'
    results, for a reader that knows its `format` (a table's head read it): its pairs, its
    draws with their matches and the rounds its tables closed, in four reads; not its row,
    its names as shown, its corrections or its cards (what `from_row` reads besides)."""
    tournament, results, _ = _judged(db, tournament_id, engine.resolve_pairs_format(format))
    return tournament, results


def _judged(
    db: Database, tournament_id: str, format: engine.PairsFormat
) -> tuple[engine.PairsTournament, engine.Results, dict[tuple[int, int], rows.TableRow]]:
    """Return the engine's view of the Paarturnier, its matches' results and each table's
    sheet."""
    pairs = tuple(
        engine.Pair(r["number"], tuple(json.loads(r["names"])))
        for r in db.query(
            "SELECT * FROM tournament_pairs WHERE tournament_id = ? ORDER BY number",
            [tournament_id],
        )
    )
    draws, tables = rows.read_draws(db, tournament_id, _match, _draw)
    results = {
        place: engine.MatchResult.of(records)
        for place, records in rows.read_rounds(db, tournament_id).items()
    }
    return engine.PairsTournament(format, pairs, draws), results, tables


def _match(row: rows.Row) -> engine.Match:
    """Return the match a draw_tables row holds (its seats: the two pairs, twice)."""
    seats = json.loads(row["seats"])
    return engine.Match(
        row["number"], (seats[0], seats[1]), row["match_group"], bool(row["third_place"])
    )


def _draw(row: rows.Row, matches: tuple[engine.Match, ...]) -> engine.PairsDraw:
    """Return the draw a draws row holds, with its matches."""
    return engine.PairsDraw(
        row["number"],
        engine.Stage(row["stage"]),
        row["seed"],
        matches,
        tuple(json.loads(row["byes"])),
        ended=row["ended"] is not None,
    )
