"""What comes next for each pair: the story its phone tells.

docs/rules.md section 5, "A pair's phone".

The match it plays now; else the next group round (or its group finished, the knock-out
to follow); the knock-out round it plays next (or the match for third place); out, in
which stage and on which final place; the tournament's winner. And its last match's
result, in rounds won, so a finished match keeps its score on screen; and what its
knock-out match decides (`Stakes`: a win leads to the final, a loss to the match for third
place).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bauerblock.kinds.pairs.engine.bracket import Bracket, levels
from bauerblock.kinds.pairs.engine.format import Stage
from bauerblock.kinds.pairs.engine.groups import schedule
from bauerblock.kinds.pairs.engine.model import PairsTournament, Results
from bauerblock.kinds.pairs.engine.progress import (
    _plays_third_place,
    bracket_of,
    decider,
    draw_closed,
    groups_of,
    result_of,
    standings,
    winner_of,
)


@dataclass(frozen=True)
class LastMatch:
    """A pair's latest match with a round played: where, the rounds each side won, its end."""

    draw: int
    table: int
    rounds: tuple[int, int]
    """The pair's rounds won, then its opponent's."""
    won: bool | None
    """True: the pair won the match; False: lost; None: undecided."""


@dataclass(frozen=True)
class Prospect:
    """Where a knock-out match leads a pair: the next stage, the match for third place, or a
    final place (none of them: it is out)."""

    stage: Stage | None = None
    third_place: bool = False
    place: int | None = None


@dataclass(frozen=True)
class Stakes:
    """What a pair's knock-out match (playing now or next) decides: where a win leads, and
    where a loss."""

    won: Prospect
    lost: Prospect


OUT = Prospect()
"""A loss before the semi-final, or in a semi-final without a match for third place."""


@dataclass(frozen=True)
class Outlook:
    """Where a pair stands and what comes next for it."""

    pair: int
    playing: tuple[int, int] | None = None
    """(draw, table) of its match of the latest draw, still open."""
    next: Stage | None = None
    """The stage it plays next: `group` (group round `group_round`) or a knock-out round;
    None while it plays, once it is out, or when the tournament is over for it."""
    group_round: int | None = None
    bye: bool = False
    """It sits the next group round out (Freilos)."""
    group_done: bool = False
    """Its group has played all its matches and the other groups still play: the knock-out
    follows (who goes on is known once every group is done)."""
    third_place: bool = False
    """It plays the match for third place next."""
    out: Stage | None = None
    """The stage it went out in (`group`, a knock-out round; the final: it lost it)."""
    place: int | None = None
    """Its final place once it is out or the tournament is over for it."""
    champion: bool = False
    last: LastMatch | None = None
    stakes: Stakes | None = None
    """What its knock-out match decides, while it has one to play (None: in the groups, out,
    or done)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "pair": self.pair,
            "table": None if self.playing is None else self.playing[1],
            "next": None if self.next is None else self.next.value,
            "group_round": self.group_round,
            "bye": self.bye,
            "group_done": self.group_done,
            "third_place": self.third_place,
            "out": None if self.out is None else self.out.value,
            "place": self.place,
            "champion": self.champion,
            "last_rounds": [] if self.last is None else list(self.last.rounds),
            "last_won": None if self.last is None else self.last.won,
        }


def outlooks(tournament: PairsTournament, results: Results) -> tuple[Outlook, ...]:
    """Return every pair's outlook, by pair number."""
    return tuple(outlook(tournament, results, pair.number) for pair in tournament.pairs)


def outlook(tournament: PairsTournament, results: Results, pair: int) -> Outlook:
    """Return where pair `pair` stands and what comes next for it."""
    last = _last_match(tournament, results, pair)
    if not tournament.draws:
        return Outlook(pair, next=Stage.GROUP, group_round=1)
    bracket = bracket_of(tournament, results)
    reached = _reached(tournament, results, bracket, pair)
    stakes = _stakes(tournament, results, bracket, reached)
    latest = tournament.draws[-1]
    match = latest.match_of(pair)
    if (
        match is not None
        and not draw_closed(tournament, results, latest.number)
        and winner_of(tournament, results, latest, match) is None
    ):
        return Outlook(pair, playing=(latest.number, match.table), last=last, stakes=stakes)
    places = {line.pair: line.place for line in standings(tournament, results)}
    if bracket is None:
        group = next(g for g in groups_of(tournament) if pair in g.pairs)
        rounds = schedule(group)
        played = sum(1 for d in tournament.draws if d.stage is Stage.GROUP)
        if played < len(rounds):
            seated = {p for two in rounds[played] for p in two}
            return Outlook(
                pair, next=Stage.GROUP, group_round=played + 1, bye=pair not in seated, last=last
            )
        return Outlook(pair, group_done=True, last=last)
    if reached is None:
        return Outlook(pair, out=Stage.GROUP, place=places[pair], last=last)
    depth, lost = reached
    if depth == bracket.rounds:
        return Outlook(pair, champion=True, place=1, last=last)
    if not lost:
        return Outlook(pair, next=bracket.stage(depth + 1), last=last, stakes=stakes)
    if stakes is not None:  # a semi-final's loser, the match for third place still open
        return Outlook(pair, next=Stage.FINAL, third_place=True, last=last, stakes=stakes)
    return Outlook(pair, out=bracket.stage(depth + 1), place=places[pair], last=last)


def _reached(
    tournament: PairsTournament, results: Results, bracket: Bracket | None, pair: int
) -> tuple[int, bool] | None:
    """Return how far a pair got in the knock-out (its level in the bracket: the bracket's
    rounds for the champion) and whether it lost its match there; None before the
    knock-out, or for a pair out in the groups."""
    if bracket is None or pair not in bracket.slots:
        return None
    decide = decider(tournament, results)
    rows = levels(bracket, decide)
    depth = max(d for d, row in enumerate(rows) if pair in row)
    if depth == bracket.rounds:
        return depth, False
    other = rows[depth][rows[depth].index(pair) ^ 1]
    return depth, other is not None and decide(pair, other) == other


def _stakes(
    tournament: PairsTournament,
    results: Results,
    bracket: Bracket | None,
    reached: tuple[int, bool] | None,
) -> Stakes | None:
    """Return what the pair's knock-out match decides, from how far it got (`_reached`;
    None: it has no such match to play)."""
    if bracket is None or reached is None or reached[0] == bracket.rounds:
        return None
    depth, lost = reached
    plays = depth + 1  # the knock-out round its match is
    third = plays == bracket.rounds - 1 and _plays_third_place(tournament, bracket)
    if lost:
        if third and _third_place_open(tournament, results):
            return Stakes(won=Prospect(place=3), lost=Prospect(place=4))
        return None
    if plays == bracket.rounds:
        return Stakes(won=Prospect(place=1), lost=Prospect(place=2))
    return Stakes(
        won=Prospect(stage=bracket.stage(plays + 1)),
        lost=Prospect(third_place=True) if third else OUT,
    )


def _third_place_open(tournament: PairsTournament, results: Results) -> bool:
    """Tell whether the match for third place is still to be played (or drawn)."""
    final = [d for d in tournament.draws if d.stage is Stage.FINAL]
    third = next((m for d in final for m in d.matches if m.third_place), None)
    return third is None or winner_of(tournament, results, final[0], third) is None


def _last_match(tournament: PairsTournament, results: Results, pair: int) -> LastMatch | None:
    """Return the pair's latest match with a round played (None: none yet)."""
    for done in reversed(tournament.draws):
        match = done.match_of(pair)
        if match is None:
            continue
        result = result_of(results, done, match)
        if result.rounds == (0, 0):
            continue
        index = match.pairs.index(pair)
        won, lost, _ = result.of_pair(index)
        winner = winner_of(tournament, results, done, match)
        decided = None if winner is None else winner == pair
        return LastMatch(done.number, match.table, (won, lost), decided)
    return None
