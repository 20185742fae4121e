"""One game (Spiel) of Bauerchen: what a table enters, and the points it gives."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import Line, check_entry
from bauerblock.engine.options import is_int
from bauerblock.engine.teams import TEAMS, Points, Team
from bauerblock.games.bauerchen.rules.cards import achievable
from bauerblock.games.bauerchen.rules.rules import Rules


class Band(StrEnum):
    """How badly the loser lost, read off the loser's card points."""

    FREI = "frei"
    SCHNEIDER = "schneider"
    SCHWARZ = "schwarz"


BAND_POINTS = {Band.FREI: 1, Band.SCHNEIDER: 2, Band.SCHWARZ: 3}
AWAY_BONUS = 1
SOLO_POINTS = 12
MAX_SPRITZ = 10
"""Any number of spritz is legal; past ten (×1024) it is a typing slip, not a game."""


def won_points(band: Band, away_win: bool) -> int:
    """Return what a game won with `band` is worth before its Spritz: one more won away."""
    return BAND_POINTS[band] + (AWAY_BONUS if away_win else 0)


class MeldKind(StrEnum):
    """A King-Queen pair: a 20 in a plain suit, a 40 in trumps."""

    TWENTY = "20"
    FORTY = "40"


MELD_POINTS = {MeldKind.TWENTY: 1, MeldKind.FORTY: 2}
# Made once: iterating an enum class is slow, and a request's entry is checked against these.
# Tuples, not sets: `in` compares, so an unhashable value in an entry is refused, not raised.
BANDS = tuple(Band)
MELD_KINDS = tuple(MeldKind)
MELDS_PER_GAME = {MeldKind.TWENTY: 3, MeldKind.FORTY: 1}


@dataclass(frozen=True)
class CardPoints:
    """The card points both teams took (one given, the other its complement)."""

    points: Points


@dataclass(frozen=True)
class Result:
    """A result entered without counting cards: the winner and the loser's band."""

    winner: Team
    band: Band


@dataclass(frozen=True)
class Solo:
    """Kart'ab: one player of `team` played alone and won or lost."""

    team: Team
    won: bool
    player: int | None = None
    """The soloist's seat, if the entry names it: it changes no points, only statistics."""


Play = CardPoints | Result | Solo


@dataclass(frozen=True)
class Meld:
    """A 20 or 40 declared by a team during play."""

    team: Team
    kind: MeldKind


@dataclass(frozen=True)
class Game:
    """One game as entered: who was home, how it went, melds and spritz."""

    home: Team
    play: Play
    melds: tuple[Meld, ...] = ()
    spritz: int = 0


@dataclass(frozen=True)
class Outcome:
    """The points one game gives, and whether it ended the round."""

    winner: Team
    band: Band | None
    away_win: bool
    game_points: Points
    meld_points: Points
    score_after: Points
    round_winner: Team | None
    breakdown: tuple[Line, ...]

    @property
    def points(self) -> Points:
        return self.game_points + self.meld_points

    @property
    def round_over(self) -> bool:
        return self.round_winner is not None

    def to_dict(self) -> dict[str, Any]:
        """Return the outcome in the shape of the API's scoreBauerchen answer."""
        return {
            "winner": self.winner.value,
            "band": self.band.value if self.band else None,
            "away_win": self.away_win,
            "game_points": self.game_points.to_dict(),
            "meld_points": self.meld_points.to_dict(),
            "points": self.points.to_dict(),
            "score_after": self.score_after.to_dict(),
            "round_over": self.round_over,
            "round_winner": self.round_winner.value if self.round_winner else None,
            "breakdown": [line.to_dict() for line in self.breakdown],
        }


ENTRY_FIELDS = ("home", "card_points", "result", "solo", "melds", "spritz")
PLAY_FIELDS = ("card_points", "result", "solo")
SOLO_FIELDS = {"team", "won", "player"}


def parse_game(entry: Mapping[str, Any], rules: Rules, *, home: Team | None = None) -> Game:
    """Read a game entry (the JSON of the API's recordGame); `home` serves if the entry has none."""
    check_entry(entry, ENTRY_FIELDS, lambda field: RuleError("entry_field_unknown", field=field))
    if "home" in entry:
        home = _team(entry["home"], "home")
    if home is None:
        raise RuleError("home_missing")
    plays = [key for key in PLAY_FIELDS if entry.get(key) is not None]
    if len(plays) != 1:
        raise RuleError("play_not_one")
    play = _PLAY_PARSERS[plays[0]](entry[plays[0]], rules)
    melds = entry.get("melds", [])
    if not isinstance(melds, list):
        raise RuleError("melds_not_list")
    spritz = entry.get("spritz", 0)
    if not is_int(spritz) or not 0 <= spritz <= MAX_SPRITZ:
        raise RuleError(
            "spritz_range",
            most=MAX_SPRITZ,
        )
    game = Game(home, play, tuple(_meld(m) for m in melds), spritz)
    if isinstance(play, Solo) and (game.melds or game.spritz):
        raise RuleError("solo_alone")
    return game


def _team(value: object, field: str) -> Team:
    if not isinstance(value, str) or value not in TEAMS:
        raise RuleError(
            "team_unknown",
            field=field,
            value=value,
        )
    return Team(value)


def _card_points(value: object, rules: Rules) -> CardPoints:
    if not isinstance(value, Mapping) or not value or set(value) - {"A", "B"}:
        raise RuleError("card_points_teams")
    total = rules.total
    possible = achievable(rules.last_trick_bonus)
    for team, points in value.items():
        if not is_int(points) or points not in possible:
            raise RuleError(
                "card_points_impossible",
                team=team,
                points=points,
                most=max(p for p in possible if p < total),
                total=total,
            )
    if len(value) == 2 and value["A"] + value["B"] != total:
        raise RuleError(
            "card_points_sum",
            total=total,
            a=value["A"],
            b=value["B"],
            sum=value["A"] + value["B"],
        )
    if "A" in value:
        return CardPoints(Points(value["A"], total - value["A"]))
    return CardPoints(Points(total - value["B"], value["B"]))


def _result(value: object, rules: Rules) -> Result:
    if not isinstance(value, Mapping) or set(value) != {"winner", "band"}:
        raise RuleError("result_fields")
    if value["band"] not in BANDS:
        raise RuleError("band_unknown")
    return Result(_team(value["winner"], "winner"), Band(value["band"]))


def _solo(value: object, rules: Rules) -> Solo:
    if not isinstance(value, Mapping) or not {"team", "won"} <= set(value) <= SOLO_FIELDS:
        raise RuleError(
            "solo_fields",
        )
    if not isinstance(value["won"], bool):
        raise RuleError("solo_won_not_bool")
    team = _team(value["team"], "solo.team")
    player = value.get("player")
    if player is not None and (not is_int(player) or player not in team.seats):
        first, second = team.seats
        raise RuleError(
            "solo_player_seat",
            team=team,
            first=first,
            second=second,
            player=player,
        )
    return Solo(team, value["won"], player)


_PLAY_PARSERS: dict[str, Callable[[object, Rules], Play]] = {
    "card_points": _card_points,
    "result": _result,
    "solo": _solo,
}


def _meld(value: object) -> Meld:
    if not isinstance(value, Mapping) or set(value) != {"team", "kind"}:
        raise RuleError("meld_fields")
    if str(value["kind"]) not in MELD_KINDS:
        raise RuleError("meld_kind_unknown", kind=value["kind"])
    return Meld(_team(value["team"], "meld team"), MeldKind(str(value["kind"])))


def score(game: Game, rules: Rules, before: Points = Points(), *, decider: bool = False) -> Outcome:
    """Score one game from the round score `before` it; `decider` marks a Gehampelter."""
    for team in Team:
        if not 0 <= before[team] < rules.target:
            raise RuleError(
                "round_score_range",
                most=rules.target - 1,
                team=team,
                score=before[team],
            )
    if isinstance(game.play, Solo):
        return _score_solo(game.home, game.play, rules, before, decider)
    meld_points, meld_winner, lines = _score_melds(game.melds, rules, before)
    winner, band, play_lines = _winner_and_band(game.home, game.play, rules)
    away_win = winner is not game.home
    value = won_points(band, away_win) * 2**game.spritz
    lines += play_lines
    if away_win:
        lines.append(Line("away_bonus", f"{winner} won away: 1 extra point."))
    if game.spritz:
        lines.append(Line("spritz", f"Spritz ×{2**game.spritz}: {value} game points."))
    lines.append(Line("game_points", f"{winner} scores {value} game points."))
    game_points = Points.only(winner, value)
    after = before + meld_points + game_points
    # A meld that reaches the target wins the round before any game point is counted.
    round_winner = meld_winner or (winner if after[winner] >= rules.target else None)
    if round_winner:
        lines.append(Line("round_won", f"{round_winner} reaches {rules.target}: round won."))
    return Outcome(
        winner, band, away_win, game_points, meld_points, after, round_winner, tuple(lines)
    )


def check_solo(rules: Rules, decider: bool) -> None:
    """Refuse a Kart'ab in a Gehampelter when the rules play 'Ledig'."""
    if decider and not rules.solo_in_decider:
        raise RuleError("solo_in_decider")


def _score_solo(home: Team, solo: Solo, rules: Rules, before: Points, decider: bool) -> Outcome:
    check_solo(rules, decider)
    winner = solo.team if solo.won else solo.team.other
    how = "won every trick" if solo.won else "lost"
    lines = (
        Line("solo", f"Kart'ab by {solo.team}: the soloist {how}."),
        Line("solo_points", f"{winner} scores {SOLO_POINTS} and the round ends."),
    )
    game_points = Points.only(winner, SOLO_POINTS)
    after = before + game_points
    return Outcome(winner, None, winner is not home, game_points, Points(), after, winner, lines)


def meld_value(meld: Meld, rules: Rules, score: int) -> int:
    """Return what a meld gives a team standing at `score`, or refuse one past the target."""
    value = MELD_POINTS[meld.kind]
    # The 40er-Regel: two short of the target, a 40 counts only 1.
    if meld.kind is MeldKind.FORTY and rules.forty_rule and score == rules.target - 2:
        value = 1
    if score + value > rules.target:
        raise RuleError(
            "meld_past_target",
            team=meld.team,
            reached=score + value,
            kind=meld.kind,
            target=rules.target,
        )
    return value


def _score_melds(
    melds: tuple[Meld, ...], rules: Rules, before: Points
) -> tuple[Points, Team | None, list[Line]]:
    """Count melds in the order declared; refuse any the rules forbid."""
    for kind, most in MELDS_PER_GAME.items():
        if sum(meld.kind is kind for meld in melds) > most:
            raise RuleError(
                "melds_too_many",
                most=most,
                kind=kind,
            )
    points, score, lines = Points(), before, []
    winner: Team | None = None
    for meld in melds:
        if winner:
            raise RuleError(
                "meld_after_round_won",
                team=winner,
            )
        value = meld_value(meld, rules, score[meld.team])
        if value < MELD_POINTS[meld.kind]:
            lines.append(
                Line("forty_rule", f"{meld.team} is at {score[meld.team]}: a 40 counts 1.")
            )
        reached = score[meld.team] + value
        points, score = points.add(meld.team, value), score.add(meld.team, value)
        lines.append(Line("meld", f"{meld.team} melds a {meld.kind}: {value} point(s)."))
        if reached == rules.target:
            winner = meld.team
    return points, winner, lines


def _winner_and_band(home: Team, play: Play, rules: Rules) -> tuple[Team, Band, list[Line]]:
    """Return who won and the loser's band, from card points or as entered."""
    if isinstance(play, Result):
        line = Line("result", f"Entered: {play.winner} wins, {play.band}.")
        return play.winner, play.band, [line]
    assert isinstance(play, CardPoints)
    total = rules.total
    needed = total // 2 + 1
    winner = home if play.points[home] >= needed else home.other
    loser_points = play.points[winner.other]
    if loser_points == 0:
        band = Band.SCHWARZ
    elif loser_points < rules.schneider_free_at:
        band = Band.SCHNEIDER
    else:
        band = Band.FREI
    lines = [
        Line(
            "card_points",
            f"Home {home} took {play.points[home]} of {total}; home needs {needed}.",
        ),
        Line("band", f"{winner.other} has {loser_points}: {band}."),
    ]
    return winner, band, lines
