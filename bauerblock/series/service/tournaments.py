"""A series' tournaments: make one from the series (its entrants, a kind's players or
pairs, given as series numbers or new names), let an existing one join, enter a late
player by number.

The tournament itself is made and played by the tournament's own use cases
(`services.tournaments`); the series keeps which series player each evening number is.
Each step is one transaction with its key kept under the series (`store.owner`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from bauerblock.engine.errors import RuleError, StateConflict
from bauerblock.engine.tournament import MAX_PLAYERS
from bauerblock.series import store
from bauerblock.series.engine import check_joins
from bauerblock.series.service.writes import Kept, keyed
from bauerblock.series.store import Series, SeriesPlayer
from bauerblock.services import keys
from bauerblock.services import tournaments as tournament_service
from bauerblock.services.keys import Key
from bauerblock.store import tournaments
from bauerblock.store.tournaments import Stored
from bauerblock.store.tournaments.names import Names
from bauerblock.store.tournaments.stored import stored_kind


@dataclass(frozen=True)
class SeriesTournamentMade:
    """A tournament made in the series, or one that joined it (a retry with its key: the
    first one, as it is now)."""

    tournament: Stored
    """The tournament, its names as the caller's `names` let its reader see them (None: as
    stored): the face that shows them says how, the service keeps no words."""
    token: str | None
    """The tournament's edit token (the organiser's) when the series made it, shown once;
    None for one that joined (its organiser holds it already)."""
    entrants: dict[int, tuple[int, ...]]
    """Evening number → the series numbers of its player (a pair's two)."""
    joined: tuple[SeriesPlayer, ...]
    """The new names that joined the series with it, with their numbers."""
    version: int
    """The series' version after the step."""
    replayed: bool = False

    def kept(self) -> Kept:
        """Keep the tournament's id, its new token and the numbers that joined: a retry
        answers them as they are then."""
        return {"result": _made(self.tournament.id, self.token, self.joined)}


def create_tournament(
    db: Database,
    series_id: str,
    token: str,
    *,
    title: str | None = None,
    rules: Mapping[str, Any] | None = None,
    format: Mapping[str, Any] | None = None,
    idempotency_key: str | Key | None = None,
    names: Names | None = None,
    **entrants: Any,
) -> SeriesTournamentMade:
    """Make a tournament in the series: the entrants in the field of the kind its format
    names (a Preisbauer's `players`, a Paarturnier's `pairs`: two each) are series numbers
    or new names, which join the series with the next numbers; then the tournament is made
    as `services.tournaments` makes any, with another kind's field as given (which the kind
    refuses). `token` is the series' (checked by the caller). All of it or nothing.

    Raise NotFound (series_not_found), RuleError (series_entry_kind, series_number_unknown,
    series_number_twice, series_scoring_pairs, any refusal of a new tournament),
    StateConflict (series_player_forgotten, series_name_taken, series_full,
    series_tournaments_full), IdempotencyConflict or BadKey.
    """
    request = {"kind": "tournament", "title": title, "rules": rules, "format": format}
    key = keys.key_of(idempotency_key, {**request, **entrants})

    def step(series: Series) -> tuple[Kept, bool]:
        kind = tournaments.kind_of(format)
        check_joins(series.rules, kind.own_points)
        listed = _entries(entrants.get(kind.entrants, ()), kind.members)
        resolved, joined = _resolve(db, series, token, listed)
        # An entrant of one name is that name, a team's names a list, as the kind lists them.
        names = [[name for _, name in e] if len(e) > 1 else e[0][1] for e in resolved]
        made = tournament_service.create_tournament(
            db, title=title, rules=rules, format=format, **{**entrants, kind.entrants: names}
        )
        # Every kind numbers its entrants from 1 in the order given.
        linked = {n: tuple(number for number, _ in e) for n, e in enumerate(resolved, start=1)}
        store.link_tournament(db, series.id, made.stored.id, linked)
        return _made(made.stored.id, made.token, joined), True

    return _series_step(db, series_id, key, step, names)


def join_tournament(
    db: Database,
    series_id: str,
    tournament_id: str,
    *,
    token: str,
    idempotency_key: str | Key | None = None,
    names: Names | None = None,
) -> SeriesTournamentMade:
    """Let an existing tournament join the series (its organiser holds both tokens: the
    caller checks the series' `token` and the tournament's). Each entrant is the series
    player of that name (as rosters compare names); a name the series lacks joins it with
    the next number.

    Raise NotFound (series_not_found, tournament_not_found), RuleError
    (series_scoring_pairs), StateConflict (series_tournament_taken, series_full,
    series_tournaments_full), IdempotencyConflict or BadKey.
    """
    key = keys.key_of(idempotency_key, {"kind": "join", "tournament": tournament_id})

    def step(series: Series) -> tuple[Kept, bool]:
        check_joins(series.rules, stored_kind(db, tournament_id).own_points)
        joined: list[SeriesPlayer] = []
        linked: dict[int, tuple[int, ...]] = {}
        for number, names in store.tournament_names(db, tournament_id).items():
            linked[number] = tuple(_named(db, series.id, token, name, joined) for name in names)
        store.link_tournament(db, series.id, tournament_id, linked)
        return _made(tournament_id, None, joined), True

    return _series_step(db, series_id, key, step, names)


def enter_late(
    db: Database,
    series_id: str,
    tournament_id: str,
    token: str,
    players: Sequence[object],
    *,
    idempotency_key: str | Key | None = None,
    names: Names | None = None,
) -> SeriesTournamentMade:
    """Enter players late into a Preisbauer of the series, by series number or new name
    (from the next draw on, as `services.tournaments.enter` does).

    Raise as `create_tournament` does, NotFound (series_tournament_unknown: not the
    series'), and the tournament's refusals of an entry (a finished tournament, a
    Paarturnier's fixed pairs).
    """
    entries = _entries(players, lambda entry: [entry])
    request = {"kind": "late", "tournament": tournament_id, "players": players}
    key = keys.key_of(idempotency_key, request)

    def step(series: Series) -> tuple[Kept, bool]:
        if store.series_of(db, tournament_id) != series.id:
            raise RuleError("series_tournament_unknown")
        resolved, joined = _resolve(db, series, token, entries)
        # Each entrant here is one player: its one number and name.
        roster = tournament_service.enter(db, tournament_id, [name for ((_, name),) in resolved])
        linked = {p.number: (n,) for p, ((n, _),) in zip(roster.players, resolved, strict=True)}
        store.link_entrants(db, series.id, tournament_id, linked)
        return _made(tournament_id, None, joined), True

    return _series_step(db, series_id, key, step, names)


def _made(tournament_id: str, token: str | None, joined: Sequence[SeriesPlayer]) -> Kept:
    """Return what a step on the series' tournaments made, as kept for a retry: the
    tournament's id, its new token (None: not made here), the numbers of the new names that
    joined."""
    return {"id": tournament_id, "token": token, "joined": [p.number for p in joined]}


def _series_step(
    db: Database,
    series_id: str,
    key: Key | None,
    step: Callable[[Series], tuple[Kept, bool]],
    names: Names | None,
) -> SeriesTournamentMade:
    """Do a step on the series' tournaments once for its key; a retry answers the first
    result, the tournament as it is now (read with `names`)."""

    def answer(kept: Kept, replayed: bool) -> SeriesTournamentMade:
        stored = tournaments.load_tournament(db, kept["id"], names)
        assert stored is not None
        series = store.read_series(db, series_id)
        joined = tuple(series.player(number) for number in kept.get("joined", ()))
        entrants = store.entrants(db, kept["id"])
        return SeriesTournamentMade(
            stored, kept["token"], entrants, joined, series.version, replayed
        )

    return keyed(db, series_id, key, step, answer)


def _entries(listed: object, members: Callable[[object], list[object]]) -> list[list[object]]:
    """Return the entrants as lists of entries (`members`: the kind's of one entrant),
    bounded before any work."""
    if isinstance(listed, str | bytes) or not isinstance(listed, Sequence):
        raise RuleError("series_entry_kind")
    if len(listed) > MAX_PLAYERS:
        raise RuleError(
            "series_entries_too_many",
            most=MAX_PLAYERS,
        )
    return [members(entrant) for entrant in listed]


def _resolve(
    db: Database, series: Series, token: str, entries: Sequence[Sequence[object]]
) -> tuple[list[tuple[tuple[int, str], ...]], list[SeriesPlayer]]:
    """Return each entrant's series numbers with the names they enter with, new names
    joined the series (in this transaction), and the players who joined; refuse an unknown,
    forgotten or repeated number, or anything but a number or a name."""
    joined: list[SeriesPlayer] = []
    seen: set[int] = set()

    def entered(entry: object) -> tuple[int, str]:
        number, name = _entered(db, series, token, entry, joined)
        if number in seen:
            raise RuleError("series_number_twice", number=number)
        seen.add(number)
        return number, name

    return [tuple(entered(entry) for entry in entrant) for entrant in entries], joined


def _entered(
    db: Database, series: Series, token: str, entry: object, joined: list[SeriesPlayer]
) -> tuple[int, str]:
    """Return the series number an entry names and the name it enters with: a number of
    the series (not forgotten), or a new name, which joins the series."""
    if isinstance(entry, bool) or not isinstance(entry, int | str):
        raise RuleError("series_entry_kind")
    if isinstance(entry, str):
        name = store.player_name(entry)
        return _join(db, series.id, token, name, joined), name
    known = series.player(entry)
    if known.name is None:
        raise StateConflict(
            "series_player_forgotten",
            number=entry,
        )
    return known.number, known.name


def _named(db: Database, series_id: str, token: str, name: str, joined: list[SeriesPlayer]) -> int:
    """Return the series number of a tournament's name: its series player, or a new one."""
    known = store.named(db, series_id, name)
    if known is not None:
        return known.number
    return _join(db, series_id, token, store.player_name(name), joined)


def _join(db: Database, series_id: str, token: str, name: str, joined: list[SeriesPlayer]) -> int:
    """Give a new name the series' next number; it joins with the step (`joined`)."""
    player = store.insert_player(db, series_id, token, name)
    joined.append(player)
    return player.number
