"""A Bauerchen evening's figures by seat and team, and its score game by game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from bauerblock.engine.stats.tally import GameStats, Record, Tally, TeamFigures, TeamStats
from bauerblock.engine.teams import Points, Team
from bauerblock.games.bauerchen.rules import NAME, SEATS

SCHNEIDER_OR_WORSE = ("schneider", "schwarz")


@dataclass(frozen=True)
class Figures(TeamFigures):
    """What an evening says about a team, or a seat (its team's figures but its own solos)."""

    home_games: int = 0
    home_won: int = 0
    away_games: int = 0
    away_won: int = 0
    spritz_games: int = 0
    spritz_won: int = 0
    schneider_won: int = 0
    """Won with the loser schneider or schwarz."""
    schwarz_won: int = 0
    melds_20: int = 0
    melds_40: int = 0
    solos: int = 0
    """Kart'ab played: a team's every one, a seat's only where the entry named the player."""
    solos_won: int = 0
    rounds_won: int = 0
    rounds_lost: int = 0
    knoddels: int = 0
    """Knoddel taken: one for every round lost."""
    steins_won: int = 0
    steins_lost: int = 0


@dataclass(frozen=True)
class ScorePoint:
    """Where the evening stood after one game: a point of the charts."""

    number: int
    round: int
    score: Points
    steins: Points
    round_winner: Team | None
    stein: Team | None
    """The team that won a Stein with this game, if any."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "round": self.round,
            "score": self.score.to_dict(),
            "steins": self.steins.to_dict(),
            "round_winner": self.round_winner.value if self.round_winner else None,
            "stein": self.stein.value if self.stein else None,
        }


@dataclass(frozen=True)
class BauerchenEvenings(Tally):
    """A roster player's Bauerchen evenings: their seats' figures summed (GroupFigures)."""

    BALANCES: ClassVar[tuple[str, ...]] = ("steins_balance",)

    evenings: int = 0
    figures: Figures = field(default_factory=Figures)

    @property
    def steins_balance(self) -> int:
        """Return Steine won less Steine lost: the beer tally."""
        return self.figures.steins_won - self.figures.steins_lost

    @property
    def win_rate(self) -> float | None:
        """Return the share of games won (None before the first game)."""
        games = self.figures.games
        return self.figures.games_won / games if games else None

    def group_dict(self) -> dict[str, Any]:
        # Bauerchen's figures stand at the player's top level (the API's first shape).
        return {
            "bauerchen_evenings": self.evenings,
            **self.figures.to_dict(),
            "win_rate": self.win_rate,
            "steins_balance": self.steins_balance,
        }


@dataclass(frozen=True)
class BauerchenStats(TeamStats[Figures, ScorePoint]):
    """A Bauerchen evening's figures by seat and by team, and its score game by game."""

    game = NAME
    EVENINGS = BauerchenEvenings
    TOTALS = ("games", "rounds")

    @property
    def rounds(self) -> int:
        return self.teams[Team.A].rounds_won + self.teams[Team.B].rounds_won


def _count_game(record: Record, counts: Mapping[Team, dict[str, int]]) -> None:
    """Add what one game gives each team to its counts: every figure but the seats' solos."""
    # Plain counters, not a Figures per game: a 1000-game evening folds in milliseconds.
    entry = record["entry"]
    winner = Team(record["winner"])
    home = Team(record["home"])
    spritzed = bool(entry.get("spritz"))
    band = record.get("band")
    solo = entry.get("solo")
    round_winner = record.get("round_winner")
    stein = "stein" in record["events"]
    for meld in entry.get("melds") or ():
        counts[Team(meld["team"])][f"melds_{meld['kind']}"] += 1
    for team, count in counts.items():
        won = winner is team
        place = "home" if home is team else "away"
        count["games"] += 1
        count[f"{place}_games"] += 1
        count["spritz_games"] += spritzed
        if won:
            count["games_won"] += 1
            count[f"{place}_won"] += 1
            count["spritz_won"] += spritzed
            count["schneider_won"] += band in SCHNEIDER_OR_WORSE
            count["schwarz_won"] += band == "schwarz"
        if solo and solo["team"] == team:
            count["solos"] += 1
            count["solos_won"] += bool(solo["won"])
        if round_winner is None:
            continue
        if round_winner == team:
            count["rounds_won"] += 1
            count["steins_won"] += stein
        else:
            count["rounds_lost"] += 1
            count["knoddels"] += 1
            count["steins_lost"] += stein


def soloist(record: Record) -> int | None:
    """Return the seat an entry named as the Kart'ab's player (None: not named, or no solo)."""
    solo = record["entry"].get("solo")
    return solo.get("player") if solo else None


def bauerchen_stats(
    records: Iterable[Record], rules: Any = None, before: BauerchenStats | None = None
) -> BauerchenStats:
    """Fold a Bauerchen evening's games (in order) into its figures and series, alike under
    every rule set (`rules`).

    With `before`, the statistics of the games before these, fold on from there.
    """
    if before is None:
        before = BauerchenStats((Figures(),) * SEATS, dict.fromkeys(Team, Figures()), ())
    counts = {team: before.teams[team].to_dict() for team in Team}
    solos = [[seat.solos, seat.solos_won] for seat in before.players]
    series = list(before.series)
    steins = series[-1].steins if series else Points()
    for record in records:
        _count_game(record, counts)
        seat = soloist(record)
        if seat is not None:
            solos[seat][0] += 1
            solos[seat][1] += bool(record["entry"]["solo"]["won"])
        round_winner = Team(record["round_winner"]) if record.get("round_winner") else None
        stein = round_winner if "stein" in record["events"] else None
        if stein:
            steins = steins.add(stein, 1)
        score = record["score_after"]
        series.append(
            ScorePoint(
                number=record["number"],
                round=record["round"],
                score=Points(score["A"], score["B"]),
                steins=steins,
                round_winner=round_winner,
                stein=stein,
            )
        )
    teams = {team: Figures(**count) for team, count in counts.items()}
    players = tuple(
        replace(teams[Team.of_seat(seat)], solos=played, solos_won=won)
        for seat, (played, won) in enumerate(solos)
    )
    return BauerchenStats(players, teams, tuple(series))


STATS = GameStats(bauerchen_stats, BauerchenEvenings)
