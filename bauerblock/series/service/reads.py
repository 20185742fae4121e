"""What the series' pages and API read: the Rangliste (kept per version, answered 304 by
its ETag) and a player's page (place, tournaments, partners, the seat in a running
tournament). They write nothing and need no right; the faces hide hidden names.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from bauerblock.series import store
from bauerblock.series.engine import Standing
from bauerblock.series.store import Series, SeriesPlayer, SeriesTournament
from bauerblock.store.tournaments import SeatNow, seat_now


@dataclass(frozen=True)
class PlayedTournament:
    """A tournament a player entered: its place and points there (None while it runs),
    whether they count among the best K, and the player's evening number in it."""

    tournament: SeriesTournament
    evening: int
    place: int | None
    points: int | None
    counted: bool


@dataclass(frozen=True)
class Partnership:
    """A partner of the player across the series' finished tournaments (as the Rangliste
    counts them): the rounds played together and won together (a Preisbauer's drawn
    partners, a Paarturnier's pair)."""

    partner: SeriesPlayer
    rounds: int
    won: int


@dataclass(frozen=True)
class NowSeated:
    """Where the player sits now in a running tournament of the series (its table and seat
    in the current draw, read from that draw alone; its number the evening's)."""

    tournament: SeriesTournament
    seat: SeatNow


@dataclass(frozen=True)
class PlayerPage:
    """A series player's page: their line of the Rangliste (None: no tournament yet), their
    tournaments, their partners (the most rounds won together first), and their seat now."""

    series: Series
    player: SeriesPlayer
    standing: Standing | None
    tournaments: tuple[PlayedTournament, ...]
    partners: tuple[Partnership, ...]
    seated: NowSeated | None


def player_page(db: Database, series_id: str, number: int) -> PlayerPage:
    """Return player `number`'s page; raise NotFound or RuleError (series_number_unknown)."""
    board = store.board(db, series_id)
    series = board.series
    player = series.player(number)
    standing = board.rangliste.standing(number)
    scores = {s.tournament: s for s in standing.scores} if standing else {}
    by_id = {t.id: t for t in series.tournaments}
    played: list[PlayedTournament] = []
    partners: dict[int, tuple[int, int]] = {}
    seated: NowSeated | None = None
    with db.atomic():
        for tournament_id, evening in store.played_by(db, series_id, number):
            tournament = by_id[tournament_id]
            score = scores.get(tournament_id)
            played.append(
                PlayedTournament(
                    tournament,
                    evening,
                    score.place if score else None,
                    score.points if score else None,
                    bool(score and score.counted),
                )
            )
            for partner, (rounds, won) in store.partners(db, tournament).get(number, {}).items():
                before = partners.get(partner, (0, 0))
                partners[partner] = (before[0] + rounds, before[1] + won)
            if not tournament.finished:
                seated = NowSeated(tournament, seat_now(db, tournament_id, evening))
    table = sorted(
        (Partnership(series.player(p), rounds, won) for p, (rounds, won) in partners.items()),
        key=lambda line: (-line.won, -line.rounds, line.partner.number),
    )
    return PlayerPage(series, player, standing, tuple(played), tuple(table), seated)
