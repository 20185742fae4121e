"""The Preisbauer as stored: made with its first players, its players' rows, the engine's
view read from its rows (settings, players, draws with tables, rounds), and its results.

Its later steps are `kinds.preisbauer.roster` (the roster) and `store.tournaments.draws`
(the draws, every kind's), which ask it what its engine says; `store.tournaments` is the
face.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, ClassVar

from sqlite_utils import Database

from bauerblock.engine.errors import RuleError
from bauerblock.engine.names import clean_text
from bauerblock.engine.teams import Team
from bauerblock.engine.tournament.seat import Seat
from bauerblock.engine.tournament.steps import Refusals
from bauerblock.kinds.preisbauer import engine
from bauerblock.kinds.preisbauer.engine.seat import seat as seat_of
from bauerblock.store import idempotency
from bauerblock.store.common import now
from bauerblock.store.db import immediate
from bauerblock.store.sheets.head import MAX_NAME, Hosted
from bauerblock.store.tournaments import rows
from bauerblock.store.tournaments.names import Entrant
from bauerblock.store.tournaments.stored import table_rules

PREISBAUER = "preisbauer"
"""The Preisbauer's name, its format's `kind`."""


@dataclass(frozen=True)
class StoredTournament(rows.StoredRows):
    """A stored Preisbauer: its settings, the engine's view of it, and its tables' rounds."""

    kind: ClassVar[str] = PREISBAUER
    own_points: ClassVar[bool] = True
    entrants: ClassVar[str] = "players"
    refusals: ClassVar[Refusals] = engine.REFUSALS
    tournament: engine.Tournament
    rounds: engine.Rounds
    """The completed rounds of each table's sheet, by (draw number, table number)."""

    @property
    def finished(self) -> bool:
        """Tell whether the tournament is over: its last planned draw finished or ended."""
        return engine.finished(self.tournament, self.rounds)

    def check_open(self) -> None:
        """Refuse a change of the roster or the draws once the tournament is finished."""
        engine.check_open(self.tournament, self.rounds)

    def next_draw(self, seed: str) -> tuple[engine.Draw, rows.NewDraw]:
        """Return the next draw (refused while the state forbids one) and its rows."""
        made = engine.next_draw(self.tournament, self.rounds, seed)
        names = {player.number: player.name for player in self.tournament.players}
        tables = tuple(
            rows.NewTable(table.number, [names[number] for number in table.seats], table.seats)
            for table in made.tables
        )
        columns = {"number": made.number, "seed": made.seed, "byes": made.byes}
        return made, rows.NewDraw(columns, tables)

    @staticmethod
    def create(db: Database, **new: Any) -> tuple[StoredTournament, str]:
        """Store a new Preisbauer with its first players (`create`)."""
        return create(db, **new)

    @classmethod
    def from_row(cls, db: Database, row: rows.Row) -> StoredTournament:
        """Return the Preisbauer whose tournaments row this is, with its players, draws,
        rounds."""
        tournament_id = row["id"]
        players = tuple(
            engine.Player(
                r["number"],
                r["name"],
                r["joined_draw"],
                r["withdrawn_draw"],
                tuple((start, back) for start, back in json.loads(r["gaps"])),
            )
            for r in db.query(
                "SELECT * FROM tournament_players WHERE tournament_id = ? ORDER BY number",
                [tournament_id],
            )
        )
        draws, tables = rows.read_draws(db, tournament_id, _table, _draw)
        format = engine.resolve_format(json.loads(row["format"]))
        rules = table_rules(PREISBAUER, engine.table_spec(json.loads(row["rules"]), format))
        return cls(
            **rows.stored_fields(db, row, rules, tables),
            tournament=engine.Tournament(format, players, draws, final=row["finished"] is not None),
            rounds=rows.read_rounds(db, tournament_id),
        )

    def redone(self, db: Database, number: int) -> None:
        """Count the entries and withdrawals made while draw `number` stood (deleted in the
        caller's transaction) as made before it, so the draw made anew seats whom it would
        have seated then."""
        db.execute(
            """
            UPDATE tournament_players SET
                joined_draw = MIN(joined_draw, :number),
                withdrawn_draw = MIN(withdrawn_draw, :number)
            WHERE tournament_id = :id
            """,
            {"number": number, "id": self.id},
        )
        for player in self.tournament.players:
            if player.gaps and player.gaps[-1][1] > number:
                # A re-entry made while the draw stood counts from before it, too.
                *kept, (start, _) = player.gaps
                gaps = (*kept, (start, number)) if start < number else tuple(kept)
                db.execute(
                    "UPDATE tournament_players SET gaps = ? WHERE tournament_id = ? AND number = ?",
                    [gaps_json(gaps), self.id, player.number],
                )

    @staticmethod
    def played_out(db: Database, tournament_id: str, hosted: Hosted, draw: int) -> bool:
        """Tell whether a game at draw `draw` (the latest) played the tournament out: the
        last planned draw's tables have all their rounds."""
        format = hosted.format
        if draw < format["draws"]:
            return False
        # Only the games that close a round are counted (the entries_closing index).
        unfinished = db.execute(
            """
            SELECT COUNT(*) FROM draw_tables AS t
            WHERE t.tournament_id = ? AND t.draw = ? AND (
                SELECT COALESCE(SUM(json_array_length(e.closed)), 0) FROM entries AS e
                WHERE e.sheet_id = t.sheet_id AND e.closed <> '[]'
            ) < ?
            """,
            [tournament_id, draw, format["rounds_per_draw"]],
        ).fetchone()[0]
        return not unfinished

    @staticmethod
    def check_roster() -> None:
        """Allow entries and withdrawals (the engine judges each)."""

    def player(self, number: int) -> engine.Player | None:
        """Return player `number` of the roster (None: no such player)."""
        return self.tournament.player(number)

    def ranking(self) -> dict[int, tuple[str, int | None, int]]:
        """Return each player's name, points and place in the standings, by number."""
        return {
            line.player: (line.name, line.points, line.place)
            for line in engine.standings(self.tournament, self.rounds)
        }

    def seat(self, number: int) -> Seat:
        """Return where player `number` sits now; raise the engine's PlayerNotFound."""
        return seat_of(self.tournament, self.rounds, number)

    def named(self, name: str) -> engine.Player | None:
        """Return the player of the roster with this name (None: nobody)."""
        return self.tournament.named(name)

    def veiled(self, words: Mapping[Entrant, str]) -> StoredTournament:
        """Return the tournament with these words for its players' names, by entrant (`names`)."""
        players = tuple(
            replace(p, name=words.get((p.number, 0), p.name)) for p in self.tournament.players
        )
        return replace(self, tournament=replace(self.tournament, players=players))

    def partnerships(self, number: int) -> dict[int, tuple[int, int]]:
        """Return the rounds player `number` played and won beside each partner, by the
        partner's number (a completed round: its winner's team)."""
        kept: dict[int, tuple[int, int]] = {}
        for made in self.tournament.draws:
            seat = made.table_of(number)
            if seat is None:
                continue
            at = seat.seats.index(number)
            partner = seat.seats[(at + 2) % 4]
            team = Team.A if at % 2 == 0 else Team.B
            played = self.rounds.get((made.number, seat.number), ())
            together, won = kept.get(partner, (0, 0))
            kept[partner] = (
                together + len(played),
                won + sum(1 for record in played if record.winner is team),
            )
        return kept

    def corrected_draws(self, player: int) -> tuple[int, ...]:
        """Return the draws in which the organiser corrected a game at the player's table."""
        return tuple(
            made.number
            for made in self.tournament.draws
            if (seat := made.table_of(player)) is not None
            and self.corrected(made.number, seat.number)
        )


def _table(row: rows.Row) -> engine.Table:
    """Return the table a draw_tables row holds: the players in seat order."""
    one, two, three, four = json.loads(row["seats"])
    return engine.Table(row["number"], (one, two, three, four))


def _draw(row: rows.Row, tables: tuple[engine.Table, ...]) -> engine.Draw:
    """Return the draw a draws row holds, with its tables."""
    byes = tuple(json.loads(row["byes"]))
    return engine.Draw(row["number"], row["seed"], tables, byes, ended=row["ended"] is not None)


# --- made with its first players ------------------------------------------------------

NEW_TOURNAMENTS = "new:tournaments"
"""The owner of the keys of tournaments not yet made (the new-tournament form's)."""


def create(
    db: Database,
    *,
    title: str | None,
    rules: Mapping[str, Any] | None,
    format: Mapping[str, Any] | None,
    idempotency_key: str | None,
    players: Sequence[str] = (),
    pairs: Sequence[Sequence[str]] | None = None,
) -> tuple[StoredTournament, str]:
    """Store a new Preisbauer with its first players; return it and its edit token.

    Raise RuleError for pairs instead of players, a bad format, rule set, title or name, or
    more than 200 players. A retry with the same key starts no second one: it returns the
    first and its token (IdempotencyConflict or BadKey for a key reused or unlike the pad's).
    """
    if pairs:
        raise RuleError(
            "players_not_pairs",
        )
    format = {key: value for key, value in (format or {}).items() if key != "kind"}
    resolved_format = engine.resolve_format(format)
    resolved_rules = table_rules(PREISBAUER, engine.table_spec(rules, resolved_format))
    at = now()
    tournament_title = clean_text(title or "", rows.MAX_TITLE, "title") or f"Preisbauer {at[:10]}"
    if isinstance(players, str):
        raise RuleError("players_not_list")
    entered = engine.Tournament(resolved_format)
    for name in players:
        try:
            entered = with_player(entered, engine.enter(entered, player_name(name)))
        except engine.DuplicateName as twice:
            # A list with a name twice is input no state would take (422), unlike a name
            # already on a tournament's roster (duplicate_name: 409).
            raise RuleError(
                "player_name_twice",
                **twice.params,
            ) from twice
    request = idempotency.fingerprint(
        {"title": title, "rules": rules, "players": list(players), "format": format}
    )

    def make() -> tuple[StoredTournament, str]:
        tournament_id, token = rows.insert_tournament(
            db, tournament_title, resolved_rules, resolved_format.to_dict(), at
        )
        db.table("tournament_players").insert_all(
            player_row(tournament_id, player) for player in entered.players
        )
        return StoredTournament.read(db, tournament_id), token

    with immediate(db):
        made, token, _ = idempotency.create_once(
            db, NEW_TOURNAMENTS, idempotency_key, request, make, partial(StoredTournament.read, db)
        )
    return made, token


def with_player(tournament: engine.Tournament, player: engine.Player) -> engine.Tournament:
    """Return the tournament with a player entered."""
    return replace(tournament, players=(*tournament.players, player))


# --- the players' rows ---------------------------------------------------------------


def player_name(name: object) -> str:
    """Return a player's name cleaned; refuse a blank or overlong one."""
    return clean_text(name, MAX_NAME, "name", blank=RuleError("player_name_blank"))


def player_row(tournament_id: str, player: engine.Player) -> dict[str, Any]:
    """Return a player's row of tournament_players."""
    return {
        "tournament_id": tournament_id,
        "number": player.number,
        "name": player.name,
        "joined_draw": player.joined_draw,
        "withdrawn_draw": player.withdrawn_from,
        "gaps": gaps_json(player.gaps),
    }


def gaps_json(gaps: Sequence[tuple[int, int]]) -> str:
    """Return a player's gaps (draws missed after a withdrawal) as stored."""
    return json.dumps([list(gap) for gap in gaps])


# --- its results -----------------------------------------------------------------------


def results(stored: StoredTournament) -> list[engine.PlayerStanding]:
    """Return the results list: the standings, best first, with points per draw."""
    return list(engine.standings(stored.tournament, stored.rounds))
