"""A series' rows: the series, its players by number, its tournaments and the link between
a tournament's evening numbers and the series' numbers.

Every function runs in the caller's transaction (the service's one write); each write
moves the series' version, and a tournament's writes move it too (store/schema/series.py's
trigger `series_follows_tournament`), so one ETag covers the series and all its tournaments.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from bauerblock.engine.errors import NotFound, RuleError, StateConflict
from bauerblock.engine.names import clean_text, name_key
from bauerblock.series.engine import MAX_TOURNAMENTS, Scoring, SeriesRules
from bauerblock.store.common import (
    bump,
    derived_token,
    entity_tag,
    insert_owner,
    now,
    token_hash,
    token_matches,
)
from bauerblock.store.tournaments.names import touch_seats
from bauerblock.store.tournaments.stored import default_kind

MAX_NAME = 80
"""A series' name: 1..80 characters."""
MAX_SEASON = 40
"""A series' season, free text ("2027", "Winter 2027/28")."""
MAX_PLAYER_NAME = 60
"""A series player's name, as a tournament's (store.tournaments: 60)."""
MAX_PLAYERS = 2000
"""Players a series holds at most (docs/rules.md section 7)."""


@dataclass(frozen=True)
class SeriesPlayer:
    """A series player: the number for the whole series, the name (None once forgotten),
    and whether the public pages hide it."""

    number: int
    name: str | None
    hidden: bool = False

    @property
    def forgotten(self) -> bool:
        return self.name is None

    @property
    def public_name(self) -> str | None:
        """The name the public pages and exports show (None: show the number, "Spieler
        17"); the organiser's page shows `name`."""
        return None if self.hidden else self.name


@dataclass(frozen=True)
class SeriesTournament:
    """A tournament of the series, in the order it joined: its id, title, kind
    (`preisbauer` or `pairs`), version, and whether it is finished (cheaply told: the
    tournament's own word, as store/schema/tournaments.py's CLOSED_BY reads it)."""

    id: str
    title: str
    kind: str
    version: int
    finished: bool


@dataclass(frozen=True)
class Series:
    """A series as stored: its settings, its version (the ETag's), players and tournaments."""

    id: str
    name: str
    season: str
    rules: SeriesRules
    version: int
    created: str
    updated: str
    players: tuple[SeriesPlayer, ...]
    tournaments: tuple[SeriesTournament, ...]

    @property
    def etag(self) -> str:
        """The series' entity tag (unquoted) at its version."""
        return entity_tag(self.id, self.version)

    def player(self, number: int) -> SeriesPlayer:
        """Return player `number`; refuse a number the series never gave (422)."""
        if 1 <= number <= len(self.players):
            return self.players[number - 1]
        raise RuleError(
            "series_number_unknown",
            number=number,
            last=len(self.players),
        )


def series_name(name: object) -> str:
    """Return a series' name cleaned; refuse a blank or too long one."""
    return clean_text(name, MAX_NAME, "series_name", blank=RuleError("series_name_blank"))


def player_name(name: object) -> str:
    """Return a series player's name cleaned; refuse a blank or too long one."""
    return clean_text(name, MAX_PLAYER_NAME, "name", blank=RuleError("series_player_name_blank"))


def rules_of(settings: Mapping[str, object]) -> SeriesRules:
    """Return the rules a series' settings name (scoring, counted, minimum, planned)."""
    scoring = settings.get("scoring", Scoring.PLACES.value)
    if scoring not in {s.value for s in Scoring}:
        raise RuleError(
            "series_scoring_unknown",
        )
    planned = settings.get("planned")
    return SeriesRules(
        Scoring(scoring),
        _whole(settings.get("counted", 0)),
        _whole(settings.get("minimum", 1)),
        None if planned is None else _whole(planned),
    )


def _whole(value: object) -> int:
    # A wrong type is refused by SeriesRules' bounds, which name the setting.
    return value if isinstance(value, int) else -1


def insert_series(db: Database, name: str, season: str, rules: SeriesRules) -> tuple[str, str]:
    """Store a new series; return its id and its edit token."""
    return insert_owner(
        db, "series", now(), name=name, season=season, rules=json.dumps(rules.to_dict())
    )


def read_series(db: Database, series_id: str) -> Series:
    """Return the series with its players and tournaments; refuse an unknown id."""
    row = db.execute(
        "SELECT name, season, rules, version, created, updated FROM series WHERE id = ?",
        [series_id],
    ).fetchone()
    if row is None:
        raise NotFound("series_not_found")
    return Series(
        series_id,
        row[0],
        row[1],
        rules_of(json.loads(row[2])),
        row[3],
        row[4],
        row[5],
        _players(db, series_id),
        tournaments_of(db, series_id),
    )


def series_version(db: Database, series_id: str) -> int | None:
    """Return the series' version alone (None: unknown), for a poll that finds nothing new."""
    row = db.execute("SELECT version FROM series WHERE id = ?", [series_id]).fetchone()
    return row[0] if row else None


def _players(db: Database, series_id: str) -> tuple[SeriesPlayer, ...]:
    rows = db.execute(
        "SELECT number, name, hidden FROM series_players WHERE series_id = ? ORDER BY number",
        [series_id],
    )
    return tuple(SeriesPlayer(number, name, bool(hidden)) for number, name, hidden in rows)


FINISHED = """
    t.finished IS NOT NULL OR EXISTS (
        SELECT 1 FROM draws AS d WHERE d.tournament_id = t.id AND d.ended IS NOT NULL
            AND d.number >= json_extract(t.format, '$.draws'))
"""
"""Whether a tournament is finished, read from its rows alone (no game replayed): sealed
when its last game was played (store.tournaments.tables), or its last planned draw ended
(a Paarturnier plans no number of draws: sealed once its final is won)."""


def tournaments_of(db: Database, series_id: str) -> tuple[SeriesTournament, ...]:
    """Return the series' tournaments with their versions, in one query."""
    rows = db.execute(
        f"""
        SELECT t.id, t.title, COALESCE(json_extract(t.format, '$.kind'), ?),
            t.version, {FINISHED}
        FROM series_tournaments AS s JOIN tournaments AS t ON t.id = s.tournament_id
        WHERE s.series_id = ? ORDER BY s.rowid
        """,
        [default_kind(), series_id],
    )
    return tuple(
        SeriesTournament(i, title, kind, v, bool(done)) for i, title, kind, v, done in rows
    )


def check_token(db: Database, series_id: str, token: str | None) -> bool:
    """Tell whether `token` is the series' edit token; refuse an unknown series."""
    row = db.execute("SELECT token_hash FROM series WHERE id = ?", [series_id]).fetchone()
    if row is None:
        raise NotFound("series_not_found")
    return token_matches(token, row[0])


def player_token(token: str, number: int) -> str:
    """Return player `number`'s own link token (their card's), derived from the series'."""
    return derived_token(token, f"player:{number}")


def check_player_token(db: Database, series_id: str, number: int, token: str | None) -> bool:
    """Tell whether `token` is player `number`'s own link token."""
    row = db.execute(
        "SELECT token_hash FROM series_players WHERE series_id = ? AND number = ?",
        [series_id, number],
    ).fetchone()
    return row is not None and token_matches(token, row[0])


def named(db: Database, series_id: str, name: str) -> SeriesPlayer | None:
    """Return the series player whose name is (nearly) this one, as rosters compare names."""
    row = db.execute(
        "SELECT number, name, hidden FROM series_players WHERE series_id = ? AND name_key = ?",
        [series_id, name_key(name)],
    ).fetchone()
    return None if row is None else SeriesPlayer(row[0], row[1], bool(row[2]))


def insert_player(db: Database, series_id: str, token: str, name: str) -> SeriesPlayer:
    """Give a new name the next number (`token`: the series', for the player's own link);
    refuse a name the series has (nearly) already, or a full series."""
    same = named(db, series_id, name)
    if same is not None:
        raise StateConflict(
            "series_name_taken",
            taken=same.name,
            number=same.number,
        )
    last = db.execute(
        "SELECT COALESCE(MAX(number), 0) FROM series_players WHERE series_id = ?", [series_id]
    ).fetchone()[0]
    if last >= MAX_PLAYERS:
        raise StateConflict("series_full", most=MAX_PLAYERS)
    number = last + 1
    db.table("series_players").insert(
        {
            "series_id": series_id,
            "number": number,
            "name": name,
            "name_key": name_key(name),
            "hidden": 0,
            "token_hash": token_hash(player_token(token, number)),
            "joined": now(),
        }
    )
    return SeriesPlayer(number, name)


def set_hidden(db: Database, series_id: str, number: int, hidden: bool) -> None:
    """Hide or show a player's name; the tournaments they entered and the tables they sat
    at take a new version, so that their pages, downloads and answers show the name as the
    series says now."""
    changed = db.execute(
        "UPDATE series_players SET hidden = ? WHERE series_id = ? AND number = ? AND hidden <> ?",
        [int(hidden), series_id, number, int(hidden)],
    ).rowcount
    for tournament_id, evening in played_by(db, series_id, number) if changed else ():
        touch_seats(db, tournament_id, evening, now())
        bump(db, "tournaments", tournament_id)


def series_of(db: Database, tournament_id: str) -> str | None:
    """Return the series a tournament belongs to (None: none)."""
    row = db.execute(
        "SELECT series_id FROM series_tournaments WHERE tournament_id = ?", [tournament_id]
    ).fetchone()
    return row[0] if row else None


def link_tournament(
    db: Database, series_id: str, tournament_id: str, entrants: Mapping[int, Sequence[int]]
) -> None:
    """Put a tournament into the series with its entrants (`link_entrants`); refuse one in
    a series already, or a series that holds MAX_TOURNAMENTS."""
    if series_of(db, tournament_id) is not None:
        raise StateConflict("series_tournament_taken")
    held = db.execute(
        "SELECT COUNT(*) FROM series_tournaments WHERE series_id = ?", [series_id]
    ).fetchone()[0]
    if held >= MAX_TOURNAMENTS:
        raise StateConflict(
            "series_tournaments_full",
            most=MAX_TOURNAMENTS,
        )
    db.table("series_tournaments").insert(
        {"series_id": series_id, "tournament_id": tournament_id, "joined": now()}
    )
    link_entrants(db, series_id, tournament_id, entrants)


def link_entrants(
    db: Database, series_id: str, tournament_id: str, entrants: Mapping[int, Sequence[int]]
) -> None:
    """Keep which series players a tournament's entrants are: evening number → the series
    numbers of its player, or of its pair's two."""
    db.table("series_entrants").insert_all(
        {
            "tournament_id": tournament_id,
            "number": number,
            "partner": partner,
            "series_id": series_id,
            "player": player,
        }
        for number, players in entrants.items()
        for partner, player in enumerate(players)
    )


def entrants(db: Database, tournament_id: str) -> dict[int, tuple[int, ...]]:
    """Return a series tournament's entrants: evening number → series numbers."""
    found: dict[int, list[int]] = {}
    rows = db.execute(
        "SELECT number, player FROM series_entrants WHERE tournament_id = ? "
        "ORDER BY number, partner",
        [tournament_id],
    )
    for number, player in rows:
        found.setdefault(number, []).append(player)
    return {number: tuple(players) for number, players in found.items()}


def tournament_names(db: Database, tournament_id: str) -> dict[int, tuple[str, ...]]:
    """Return a tournament's entrants as it names them: evening number → its player's
    name, or its pair's two (either kind's rows, read alike)."""
    rows = db.execute(
        "SELECT number, json_array(name) FROM tournament_players WHERE tournament_id = ? "
        "UNION ALL SELECT number, names FROM tournament_pairs WHERE tournament_id = ? "
        "ORDER BY 1",
        [tournament_id, tournament_id],
    )
    return {number: tuple(json.loads(names)) for number, names in rows}


def played_by(db: Database, series_id: str, player: int) -> tuple[tuple[str, int], ...]:
    """Return the tournaments a series player entered, with their evening number there."""
    rows = db.execute(
        "SELECT e.tournament_id, e.number FROM series_entrants AS e "
        "JOIN series_tournaments AS s ON s.tournament_id = e.tournament_id "
        "WHERE e.series_id = ? AND e.player = ? ORDER BY s.rowid",
        [series_id, player],
    )
    return tuple((tournament, number) for tournament, number in rows)
