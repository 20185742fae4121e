"""A tournament's use cases: create it; enter, withdraw and reinstate players; draw, draw
anew, take back and end a draw. (A table is corrected by `services.corrections`: the
organiser's write, kept in the tournament's corrections.)

Each is one write transaction: the key looked up, the store's step (`store.tournaments`,
which reads the tournament once inside it), the result kept for a retry with the same key.
The results carry what both faces tell: the API serialises them, the pages say them. A
draw step keeps its number and the version it left for a retry; the API keeps its answer
itself (`api.idempotent`), since a draw's JSON changes as its tables play.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sqlite_utils import Database

from bauerblock.engine import tournament as engine
from bauerblock.services import keys
from bauerblock.services.keys import Key
from bauerblock.store import idempotency, tournaments
from bauerblock.store.tournaments import Stored
from bauerblock.store.tournaments.stored import read


@dataclass(frozen=True)
class NewTournament:
    """A tournament just made (a Preisbauer's retry with its key: the first one, as it is
    now)."""

    stored: Stored
    token: str
    """Its edit token (the organiser's), shown to its creator once."""


@dataclass(frozen=True)
class Roster:
    """The players a roster step entered, withdrew or reinstated, as the step left them."""

    players: tuple[engine.Player, ...]
    replayed: bool = False

    @property
    def player(self) -> engine.Player:
        """The one player of a step on one player."""
        (player,) = self.players
        return player

    def kept(self) -> keys.Kept:
        """Keep one player whole (the API answers it again exactly); a form's many names by
        their numbers, so a pasted list keeps a few bytes (a retry reads them as they are)."""
        if len(self.players) == 1:
            return {"result": {"players": [self.player.to_dict()]}}
        return {"result": {"numbers": [player.number for player in self.players]}}


@dataclass(frozen=True)
class DrawResult:
    """A draw as a step (drawn, drawn anew, ended, taken back) left it.

    `version` is the tournament's after the step; `stored` the tournament a face tells the
    draw from (a retry's: as it is now); `sheets` the tables' sheets the step made (a retry
    makes none).
    """

    number: int
    version: int
    stored: Stored = field(compare=False)
    sheets: int = 0
    replayed: bool = False

    def kept(self) -> keys.Kept:
        return {"result": {"number": self.number, "version": self.version}}


def create_tournament(
    db: Database,
    *,
    title: str | None = None,
    rules: Mapping[str, object] | None = None,
    format: Mapping[str, object] | None = None,
    idempotency_key: str | None = None,
    **entrants: object,
) -> NewTournament:
    """Make a tournament of the kind its format names (a Paarturnier for `format.kind:
    pairs`) with its first entrants, in the kind's field of them (its players, its pairs);
    a Preisbauer's retry with the key makes none.

    Raise RuleError for a bad format, rule set, title or name; IdempotencyConflict or BadKey.
    """
    return NewTournament(
        *tournaments.create_tournament(
            db, title=title, rules=rules, format=format, idempotency_key=idempotency_key, **entrants
        )
    )


def enter(
    db: Database,
    tournament_id: str,
    names: Sequence[str],
    *,
    idempotency_key: str | Key | None = None,
) -> Roster:
    """Register players, all of them or none, from the next draw on; a retry registers
    nobody again and answers the players the first one registered.

    Raise TournamentNotFound, IdempotencyConflict, BadKey, the engine's TournamentFinished or
    PairsConflict (a Paarturnier's pairs are fixed), or RuleError (a bad name, a name
    registered already, 200 players); on any of them nothing is written.
    """
    # As the store fingerprinted its keys: one name a "player", several "players".
    request = (
        {"kind": "player", "name": names[0]}
        if len(names) == 1
        else {"kind": "players", "names": list(names)}
    )
    return keys.once(
        db,
        idempotency.tournament(tournament_id),
        keys.key_of(idempotency_key, request),
        lambda: Roster(tournaments.roster(db, tournament_id).add(db, tournament_id, names)),
        lambda first: _roster_again(db, tournament_id, first, None),
    )


def withdraw(
    db: Database, tournament_id: str, number: int, *, idempotency_key: str | Key | None = None
) -> Roster:
    """Withdraw a player from the next draw on (again: no change).

    Raise TournamentNotFound, the engine's PlayerNotFound, TournamentFinished or
    PairsConflict; IdempotencyConflict or BadKey.
    """
    return keys.once(
        db,
        idempotency.tournament(tournament_id),
        keys.key_of(idempotency_key, {"kind": "withdraw", "number": number}),
        lambda: Roster(
            (tournaments.roster(db, tournament_id).withdraw(db, tournament_id, number),)
        ),
        lambda first: _roster_again(db, tournament_id, first, number),
    )


def reinstate(
    db: Database, tournament_id: str, number: int, *, idempotency_key: str | Key | None = None
) -> Roster:
    """Take a withdrawal back: the player plays again from the next draw on. Raise as
    `withdraw` does."""
    return keys.once(
        db,
        idempotency.tournament(tournament_id),
        keys.key_of(idempotency_key, {"kind": "reinstate", "number": number}),
        lambda: Roster(
            (tournaments.roster(db, tournament_id).reinstate(db, tournament_id, number),)
        ),
        lambda first: _roster_again(db, tournament_id, first, number),
    )


def draw(
    db: Database,
    tournament_id: str,
    token: str,
    *,
    seed: str | None = None,
    idempotency_key: str | Key | None = None,
) -> DrawResult:
    """Draw the next draw and make its tables' sheets (`token`: the organiser's, checked by
    the caller; the tables' tokens are derived from it); a retry answers the first draw.

    Raise TournamentNotFound, IdempotencyConflict, BadKey, the engine's StateConflict (a
    table still plays, the planned draws are done, the tournament is finished; a
    Paarturnier's PairsConflict) or RuleError (fewer than four players).
    """

    def step() -> DrawResult:
        stored, made = tournaments.draw_next(db, tournament_id, token, seed=seed)
        return DrawResult(made.number, stored.version, stored, made.sheets)

    key = keys.key_of(idempotency_key, {"kind": "draw", "seed": seed})
    return keys.once(
        db,
        idempotency.tournament(tournament_id),
        key,
        step,
        lambda first: _draw_again(db, tournament_id, first),
    )


def redraw(
    db: Database,
    tournament_id: str,
    number: int,
    token: str,
    *,
    seed: str | None = None,
    idempotency_key: str | Key | None = None,
) -> DrawResult:
    """Draw the latest draw anew (no table has a game yet): its old tables' sheets go; the
    old draw stays if the new one cannot be drawn. Raise as `take_back` and `draw` do."""

    def step() -> DrawResult:
        # One transaction (the step's): a new draw that cannot be drawn keeps the old one.
        tournaments.redo_draw(db, tournament_id, number)
        stored, made = tournaments.draw_next(db, tournament_id, token, seed=seed)
        return DrawResult(made.number, stored.version, stored, made.sheets)

    key = keys.key_of(idempotency_key, {"kind": "redraw", "number": number, "seed": seed})
    return keys.once(
        db,
        idempotency.tournament(tournament_id),
        key,
        step,
        lambda first: _draw_again(db, tournament_id, first, number),
    )


def take_back(
    db: Database, tournament_id: str, number: int, *, idempotency_key: str | Key | None = None
) -> DrawResult:
    """Take the latest draw back, its tables' sheets with it (no table has a game yet).

    Raise TournamentNotFound, DrawNotFound, the engine's StateConflict (a table has a game,
    an earlier draw, a finished tournament); IdempotencyConflict or BadKey.
    """

    def step() -> DrawResult:
        tournaments.redo_draw(db, tournament_id, number)
        stored = read(db, tournament_id)
        return DrawResult(number, stored.version, stored)

    key = keys.key_of(idempotency_key, {"kind": "take_back", "number": number})
    return keys.once(
        db,
        idempotency.tournament(tournament_id),
        key,
        step,
        lambda first: _draw_again(db, tournament_id, first, number),
    )


def end_draw(
    db: Database, tournament_id: str, number: int, *, idempotency_key: str | Key | None = None
) -> DrawResult:
    """End the latest draw early: its open rounds count for nobody, its tables take no more
    games from their phones (again: no change).

    Raise TournamentNotFound, DrawNotFound, the engine's StateConflict (an earlier draw, a
    finished tournament); IdempotencyConflict or BadKey.
    """

    def step() -> DrawResult:
        stored = tournaments.end_draw(db, tournament_id, number)
        return DrawResult(number, stored.version, stored)

    key = keys.key_of(idempotency_key, {"kind": "end", "number": number})
    return keys.once(
        db,
        idempotency.tournament(tournament_id),
        key,
        step,
        lambda first: _draw_again(db, tournament_id, first, number),
    )


def _roster_again(db: Database, tournament_id: str, first: keys.Kept, number: int | None) -> Roster:
    """Return a retried roster step's first result (the players it kept by number, or as
    kept before results were: player `number`, as they are now)."""
    kept = first.get("result", {})
    if "players" in kept:
        return Roster(tuple(_player(p) for p in kept["players"]), replayed=True)
    if "name" in first:
        return Roster((_player(first),), replayed=True)  # the API kept its answer: the player
    # Kept by number; before results were, the store kept {"player": n} or {"players":
    # [n, ...]}, and a removal's answer was empty.
    numbers = kept.get("numbers") or first.get("players") or [first.get("player", number)]
    # Only a kind with a roster steps on it: its players, in the roster's order.
    stored = read(db, tournament_id)
    return Roster(tuple(stored.player(n) for n in sorted(set(numbers))), replayed=True)


def _draw_again(
    db: Database, tournament_id: str, first: keys.Kept, number: int | None = None
) -> DrawResult:
    """Return a retried draw step's first result, with the tournament as it is now (kept
    before results were: the draw it named, or draw `number`, at the version of now)."""
    stored = read(db, tournament_id)
    # The store kept {"draw": n} or {"redraw": n}; an older API its answer (the draw's JSON).
    kept = first.get("result", first)
    named = kept.get("number", kept.get("draw", kept.get("redraw", number or 0)))
    return DrawResult(int(named), kept.get("version", stored.version), stored, replayed=True)


def _player(kept: keys.Kept) -> engine.Player:
    """Return the player a result kept (`Player.to_dict`)."""
    return engine.Player(
        kept["number"],
        kept["name"],
        joined_draw=kept["joined_draw"],
        withdrawn_from=kept["withdrawn_from"],
        gaps=tuple((first, back) for first, back in kept["missed"]),
    )
