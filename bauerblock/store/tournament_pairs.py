"""Paarturnier: fixed pairs in groups, then a knock-out, stored as a tournament's rows.

The same tables as the Preisbauer's (`store.tournaments`): the tournament's row, its draws
and each draw's tables, every table an ordinary Bauerchen sheet, so a closed or ended
draw's tables refuse writes exactly as a Preisbauer's do. The pairs have their own rows;
a draw's row names its stage and a table's row its two pairs (seats: the pair numbers in
seat order, so seats 0 and 2 are the first pair), its group and whether it is the match
for third place. The engine (`engine.tournament.pairs`) judges every step and computes
groups, bracket and ranking from the tables' completed rounds.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from sqlite_utils import Database

from bauerblock.engine.bauerchen import Rules, resolve_rules
from bauerblock.engine.names import clean_text
from bauerblock.engine.tournament import TournamentFinished
from bauerblock.engine.tournament import pairs as engine
from bauerblock.store import tournaments as common
from bauerblock.store.common import now as _now
from bauerblock.store.db import immediate
from bauerblock.store.errors import DrawNotFound, TournamentNotFound
from bauerblock.store.sheets import MAX_NAME, insert_sheet, new_sheet


@dataclass(frozen=True)
class StoredPairs:
    """A stored Paarturnier: its settings, the engine's view of it, and its matches' results."""

    kind: ClassVar[str] = engine.KIND
    id: str
    title: str
    rules: Rules
    version: int
    created: str
    updated: str
    tournament: engine.PairsTournament
    tables: Mapping[tuple[int, int], common.TableRow]
    """Each match's sheet, by (draw number, table number)."""
    results: engine.Results
    """Each match's result so far, by (draw number, table number)."""
    corrections: tuple[common.Correction, ...] = ()
    """The organiser's writes at the tables, oldest first."""
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

    def corrected(self, draw: int, table: int | None = None) -> bool:
        """Tell whether the organiser corrected a table of draw `draw` (or that table)."""
        return any(c.draw == draw and (table is None or c.table == table) for c in self.corrections)


def create(
    db: Database,
    *,
    title: str | None,
    rules: Mapping[str, Any] | None,
    pairs: Sequence[object],
    format: Mapping[str, Any],
) -> tuple[StoredPairs, str]:
    """Store a new Paarturnier with its pairs; return it and its edit token.

    Raise RuleError for a bad format, rule set, title or name, a pair that is not two
    names, a name given twice, or pairs and a format that make no knock-out.
    """
    resolved_format = engine.resolve_pairs_format(format)
    resolved_rules = table_rules(rules, resolved_format)
    registered = engine.register(_entries(pairs))
    engine.check_setup(resolved_format, len(registered))
    now = _now()
    tournament_title = clean_text(title or "", common.MAX_TITLE, "title") or (
        f"Paarturnier {now[:10]}"
    )
    with immediate(db):
        tournament_id, token = common.insert_tournament(
            db, tournament_title, resolved_rules, resolved_format.to_dict(), now
        )
        db.table("tournament_pairs").insert_all(
            {"tournament_id": tournament_id, "number": pair.number, "names": json.dumps(pair.names)}
            for pair in registered
        )
        return _read(db, tournament_id), token


def table_rules(spec: Mapping[str, Any] | None, format: engine.PairsFormat) -> Rules:
    """Return the Bauerchen rules of every match: the tournament's, to `rounds_to_win`."""
    return resolve_rules(engine.table_spec(spec, format))


def _entries(pairs: Sequence[object]) -> list[object]:
    """Return the entries with each name checked for length (the engine checks the rest)."""
    if not isinstance(pairs, Sequence) or isinstance(pairs, str):
        return pairs  # type: ignore[return-value]  # the engine refuses it in words
    checked: list[object] = []
    for entry in pairs:
        if isinstance(entry, Sequence) and not isinstance(entry, str):
            for name in entry:
                if isinstance(name, str):
                    clean_text(name, MAX_NAME, "name")
        checked.append(entry)
    return checked


def draw_next(
    db: Database,
    tournament_id: str,
    token: str,
    *,
    seed: str | None = None,
    idempotency_key: str | None = None,
) -> tuple[StoredPairs, engine.PairsDraw]:
    """Make the next group round or knock-out round, a sheet for each match; return both.

    Raise TournamentNotFound, IdempotencyConflict, the engine's PairsConflict (a match
    still plays, the tournament is finished) or RuleError.
    """
    request = {"seed": seed}
    with immediate(db):
        stored = _read(db, tournament_id)
        done = common._replayed(db, tournament_id, idempotency_key, "draw", request)
        if done is not None:
            return stored, stored.tournament.draws[done - 1]
        _check_open(stored)
        made = engine.next_draw(stored.tournament, stored.results, seed or secrets.token_hex(8))
        now = _now()
        # The draw before is closed now: its pads, polling their ETags, see it at once.
        common._touch_tables(db, tournament_id, made.number - 1, now)
        db.table("draws").insert(
            {
                "tournament_id": tournament_id,
                "number": made.number,
                "seed": made.seed,
                "byes": json.dumps(list(made.byes)),
                "ended": None,
                "created": now,
                "stage": made.stage.value,
            }
        )
        for match in made.matches:
            one, two = (stored.tournament.pair(number) for number in match.pairs)
            assert one is not None and two is not None  # the engine draws registered pairs
            sheet, _ = new_sheet(
                common.GAME,
                # Partners sit opposite: the first pair in seats 0 and 2 (team A).
                players=[one.names[0], two.names[0], one.names[1], two.names[1]],
                rules=stored.rules.to_dict(),
                title=stored.title
                + common._TABLE_SUFFIX.format(draw=made.number, table=match.table),
                token_of=lambda sheet_id: common.table_token(token, sheet_id),
            )
            insert_sheet(db, sheet)
            db.table("draw_tables").insert(
                {
                    "tournament_id": tournament_id,
                    "draw": made.number,
                    "number": match.table,
                    "seats": json.dumps([*match.pairs, *match.pairs]),
                    "sheet_id": sheet.id,
                    "match_group": match.group,
                    "third_place": int(match.third_place),
                }
            )
        common._remember(db, tournament_id, idempotency_key, "draw", request, made.number)
        common._bump(db, tournament_id)
        return _read(db, tournament_id), made


def end_draw(db: Database, tournament_id: str, number: int) -> StoredPairs:
    """End draw `number` (the latest): its tables close; an open match stays undecided."""
    with immediate(db):
        stored = _read(db, tournament_id)
        _check_draw(stored, number)
        if engine.end_draw(stored.tournament, number) == stored.tournament.draws[number - 1]:
            return stored
        _check_open(stored)
        common._close_draw(db, tournament_id, number)
        return _read(db, tournament_id)


def redo_draw(db: Database, tournament_id: str, number: int) -> None:
    """Delete draw `number` (the latest, while no match has a game) and its sheets.

    Redoing the first draw draws the groups anew, since they come from its seed.
    """
    with immediate(db):
        stored = _read(db, tournament_id)
        _check_draw(stored, number)
        _check_open(stored)
        games = common._games_by_table(db, tournament_id, number)
        engine.check_redo(stored.tournament, number, games)
        common._delete_draw(db, tournament_id, number)


def played_out(db: Database, tournament_id: str) -> bool:
    """Tell whether the Paarturnier is over: its final's draw drawn and every match won."""
    stored = _read(db, tournament_id)
    return engine.finished(stored.tournament, stored.results)


def _check_open(stored: StoredPairs) -> None:
    """Refuse draws, ends and redraws once the tournament is finished: only corrections."""
    if stored.finished:
        raise TournamentFinished()


def refuse_players() -> None:
    """Refuse a late entry or a withdrawal: a Paarturnier's pairs are fixed at its start."""
    raise engine.PairsConflict(
        "pairs_fixed",
        "A pair tournament's pairs are registered when it is created; "
        "players cannot enter or withdraw later.",
    )


# --- the state as JSON ---------------------------------------------------------------


def document(stored: StoredPairs, *, token: str | None = None) -> dict[str, Any]:
    """Return the Paarturnier as JSON: pairs, groups, draws with matches, bracket, ranking."""
    tournament, results = stored.tournament, stored.results
    return {
        "id": stored.id,
        "kind": stored.kind,
        "title": stored.title,
        "version": stored.version,
        "created": stored.created,
        "updated": stored.updated,
        "rules": stored.rules.to_dict(),
        "format": tournament.format.to_dict(),
        "pairs": [{**pair.to_dict(), "active": True} for pair in tournament.pairs],
        "groups": groups_document(stored),
        "draws": [draw_document(stored, made.number, token=token) for made in tournament.draws],
        "bracket": [round_.to_dict() for round_ in engine.knockout(tournament, results)],
        "standings": standings_document(stored),
        "finished": stored.finished,
        "corrections": [correction.to_dict() for correction in stored.corrections],
    }


def groups_document(stored: StoredPairs) -> list[dict[str, Any]]:
    """Return each group with its pairs and its standings (a place by lot says so)."""
    lines = engine.group_standings(stored.tournament, stored.results)
    return [
        {
            "name": group.name,
            "pairs": list(group.pairs),
            "standings": [line.to_dict() for line in lines[group.name]],
        }
        for group in engine.groups_of(stored.tournament)
    ]


def standings_document(stored: StoredPairs) -> list[dict[str, Any]]:
    """Return the final ranking (provisional until the final), each pair with its names."""
    names = {pair.number: list(pair.names) for pair in stored.tournament.pairs}
    return [
        {**line.to_dict(), "names": names[line.pair]}
        for line in engine.standings(stored.tournament, stored.results)
    ]


def draw_document(stored: StoredPairs, number: int, *, token: str | None = None) -> dict:
    """Return draw `number` as JSON: its stage, its matches with their results, the byes."""
    tournament, results = stored.tournament, stored.results
    made = tournament.draws[number - 1]
    rounds_to_win = tournament.format.rounds_to_win
    tables = []
    for match in made.matches:
        sheet_id = stored.tables[(number, match.table)].sheet_id
        sheet: dict[str, Any] = {"id": sheet_id}
        if token is not None:
            sheet["edit_token"] = common.table_token(token, sheet_id)
        result = results.get((number, match.table), engine.MatchResult())
        won = result.winner(rounds_to_win)
        tables.append(
            {
                "number": match.table,
                "pairs": list(match.pairs),
                "group": match.group,
                "third_place": match.third_place,
                "rounds_won": list(result.rounds),
                "score_difference": result.score_difference,
                "winner": None if won is None else match.pairs[won],
                "finished": won is not None,
                "corrected": stored.corrected(number, match.table),
                "sheet": sheet,
            }
        )
    return {
        "number": made.number,
        "stage": made.stage.value,
        "seed": made.seed,
        "finished": engine.draw_finished(tournament, results, number),
        "ended": made.ended,
        "closed": stored.closed(number),
        "corrected": stored.corrected(number),
        "tables": tables,
        "byes": list(made.byes),
    }


# --- reading the rows ------------------------------------------------------------------


def load_row(db: Database, row: Mapping[str, Any]) -> StoredPairs:
    """Return the Paarturnier whose tournaments row this is, with its draws and results."""
    tournament_id = row["id"]
    format = engine.resolve_pairs_format(json.loads(row["format"]))
    pairs = tuple(
        engine.Pair(r["number"], tuple(json.loads(r["names"])))
        for r in db.query(
            "SELECT * FROM tournament_pairs WHERE tournament_id = ? ORDER BY number",
            [tournament_id],
        )
    )
    matches: dict[int, list[engine.Match]] = {}
    tables: dict[tuple[int, int], common.TableRow] = {}
    for r in db.query(
        "SELECT * FROM draw_tables WHERE tournament_id = ? ORDER BY draw, number", [tournament_id]
    ):
        seats = json.loads(r["seats"])
        matches.setdefault(r["draw"], []).append(
            engine.Match(
                r["number"], (seats[0], seats[1]), r["match_group"], bool(r["third_place"])
            )
        )
        tables[(r["draw"], r["number"])] = common.TableRow(r["draw"], r["number"], r["sheet_id"])
    draws = tuple(
        engine.PairsDraw(
            r["number"],
            engine.Stage(r["stage"]),
            r["seed"],
            tuple(matches.get(r["number"], ())),
            tuple(json.loads(r["byes"])),
            ended=r["ended"] is not None,
        )
        for r in db.query(
            "SELECT * FROM draws WHERE tournament_id = ? ORDER BY number", [tournament_id]
        )
    )
    results = {
        place: engine.MatchResult.of(records)
        for place, records in common._rounds(db, tournament_id).items()
    }
    return StoredPairs(
        id=tournament_id,
        title=row["title"],
        rules=table_rules(json.loads(row["rules"]), format),
        version=row["version"],
        created=row["created"],
        updated=row["updated"],
        tournament=engine.PairsTournament(format, pairs, draws),
        tables=tables,
        results=results,
        corrections=common._corrections(db, tournament_id),
        sealed=row["finished"] is not None,
    )


def _read(db: Database, tournament_id: str) -> StoredPairs:
    row = next(db.query("SELECT * FROM tournaments WHERE id = ?", [tournament_id]), None)
    if row is None:
        raise TournamentNotFound(tournament_id)
    return load_row(db, row)


def _check_draw(stored: StoredPairs, number: int) -> None:
    if not 1 <= number <= len(stored.tournament.draws):
        raise DrawNotFound(number)
