"""Where a Paarturnier stands: its groups, standings, bracket and the next draw.

The first draw draws the groups (from its seed) and plays group round 1; then come the
other group rounds, then the knock-out rounds, each one draw. A draw is closed once every
match has a winner or the organiser ended it. Refusals: a step the state forbids now
(`PairsConflict`: HTTP 409) and input no state would take (`RuleError`: HTTP 422).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bauerblock.engine.errors import StateConflict
from bauerblock.engine.tournament.steps import Refusals
from bauerblock.kinds.pairs.engine.bracket import (
    Bracket,
    Decide,
    levels,
    make_bracket,
    places,
    qualify,
)
from bauerblock.kinds.pairs.engine.bracket import round_matches as _round_matches
from bauerblock.kinds.pairs.engine.final import FinalPlace, final_ranking
from bauerblock.kinds.pairs.engine.format import PairsFormat, Stage
from bauerblock.kinds.pairs.engine.groups import (
    Group,
    draw_groups,
    group_draw,
    group_rounds,
    group_sizes,
)
from bauerblock.kinds.pairs.engine.model import (
    Match,
    MatchResult,
    PairsDraw,
    PairsTournament,
    Results,
)
from bauerblock.kinds.pairs.engine.ranking import GroupStanding, PlayedMatch, rank_group


class PairsConflict(StateConflict):
    """Refuse a step a Paarturnier's state forbids now."""


def check_setup(format: PairsFormat, count: int) -> None:
    """Refuse pairs and a format that make no knock-out (one group, one going on)."""
    places(len(group_sizes(count, format.group_size)) * format.advance)


def groups_of(tournament: PairsTournament) -> tuple[Group, ...]:
    """Return the groups, drawn from the first draw's seed (none before it)."""
    if tournament.seed is None:
        return ()
    numbers = [pair.number for pair in tournament.pairs]
    return draw_groups(numbers, tournament.format.group_size, tournament.seed)


def result_of(results: Results, draw: PairsDraw, match: Match) -> MatchResult:
    """Return a match's result so far (no round: 0:0)."""
    return results.get((draw.number, match.table), MatchResult())


def winner_of(
    tournament: PairsTournament, results: Results, draw: PairsDraw, match: Match
) -> int | None:
    """Return the number of the pair that won a match (None: undecided)."""
    index = result_of(results, draw, match).winner(tournament.format.rounds_to_win)
    return None if index is None else match.pairs[index]


def draw_finished(tournament: PairsTournament, results: Results, number: int) -> bool:
    """Tell whether every match of draw `number` has a winner."""
    done = tournament.draws[number - 1]
    return all(winner_of(tournament, results, done, m) is not None for m in done.matches)


def draw_closed(tournament: PairsTournament, results: Results, number: int) -> bool:
    """Tell whether draw `number` is over: every match decided, the draw ended, or a later
    draw made (a correction that leaves one of its matches undecided does not reopen it)."""
    return (
        number < len(tournament.draws)
        or tournament.draws[number - 1].ended
        or draw_finished(tournament, results, number)
    )


def _group_draws(tournament: PairsTournament) -> tuple[PairsDraw, ...]:
    return tuple(d for d in tournament.draws if d.stage is Stage.GROUP)


def _knockout_draws(tournament: PairsTournament) -> tuple[PairsDraw, ...]:
    return tuple(d for d in tournament.draws if d.stage is not Stage.GROUP)


def played(tournament: PairsTournament, results: Results) -> tuple[PlayedMatch, ...]:
    """Return every group match drawn so far with its result."""
    return tuple(
        (match, result_of(results, done, match))
        for done in _group_draws(tournament)
        for match in done.matches
    )


def group_standings(
    tournament: PairsTournament, results: Results
) -> dict[str, tuple[GroupStanding, ...]]:
    """Return each group's standings by group name (empty before the first draw)."""
    if tournament.seed is None:
        return {}
    matches = played(tournament, results)
    rounds_to_win, seed = tournament.format.rounds_to_win, tournament.seed
    return {g.name: rank_group(g, matches, rounds_to_win, seed) for g in groups_of(tournament)}


def groups_over(tournament: PairsTournament, results: Results) -> bool:
    """Tell whether every group round is drawn and closed."""
    groups = groups_of(tournament)
    drawn = _group_draws(tournament)
    return (
        bool(groups)
        and len(drawn) == group_rounds(groups)
        and all(draw_closed(tournament, results, d.number) for d in drawn)
    )


def bracket_of(tournament: PairsTournament, results: Results) -> Bracket | None:
    """Return the knock-out bracket once the groups are over (None before)."""
    if not groups_over(tournament, results):
        return None
    standings = group_standings(tournament, results)
    assert tournament.seed is not None  # the groups are over, so they were drawn
    winners, runners_up = qualify(standings, tournament.format.advance, tournament.seed)
    group_of = {line.pair: name for name, lines in standings.items() for line in lines}
    return make_bracket(winners, runners_up, group_of)


def decider(tournament: PairsTournament, results: Results) -> Decide:
    """Return who won the knock-out match of two pairs, from the knock-out draws."""
    won: dict[frozenset[int], int | None] = {}
    for done in _knockout_draws(tournament):
        for match in done.matches:
            if not match.third_place:
                won[frozenset(match.pairs)] = winner_of(tournament, results, done, match)
    return lambda one, two: won.get(frozenset((one, two)))


@dataclass(frozen=True)
class KnockoutMatch:
    """A match of the bracket: its pairs (None: not known yet), its table once drawn; a
    first round's bye has its pair alone, and wins."""

    pairs: tuple[int | None, int | None]
    winner: int | None = None
    table: int | None = None
    third_place: bool = False
    bye: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "pairs": list(self.pairs),
            "winner": self.winner,
            "third_place": self.third_place,
        }


@dataclass(frozen=True)
class KnockoutRound:
    """One knock-out round of the bracket, drawn or still to come."""

    stage: Stage
    matches: tuple[KnockoutMatch, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return the round as the API lists it: its matches played, its byes left out."""
        return {
            "round": self.stage.value,
            "matches": [m.to_dict() for m in self.matches if not m.bye],
        }


def knockout(tournament: PairsTournament, results: Results) -> tuple[KnockoutRound, ...]:
    """Return every knock-out round, its matches in bracket order (the first round's byes
    among them), the final's with the match for third place."""
    bracket = bracket_of(tournament, results)
    if bracket is None:
        return ()
    decide = decider(tournament, results)
    drawn = _knockout_draws(tournament)
    rounds = []
    for round_, row in enumerate(levels(bracket, decide)[:-1], start=1):
        done = drawn[round_ - 1] if round_ <= len(drawn) else None
        pairings = [(pairing, False) for pairing in zip(row[::2], row[1::2], strict=True)]
        if round_ == bracket.rounds and _plays_third_place(tournament, bracket):
            pairings.append((_semifinal_losers(bracket, decide), True))
        matches = []
        for pairing, third in pairings:
            one, two = pairing
            if round_ == 1 and (one is None or two is None):
                alone = two if one is None else one
                matches.append(KnockoutMatch((alone, None), alone, bye=True))
                continue
            winner = drawn_table = None
            if done is not None and (match := _drawn(done, pairing, third)) is not None:
                winner = winner_of(tournament, results, done, match)
                drawn_table = match.table
            elif one is not None and two is not None and not third:
                winner = decide(one, two)
            matches.append(KnockoutMatch(pairing, winner, drawn_table, third_place=third))
        rounds.append(KnockoutRound(bracket.stage(round_), tuple(matches)))
    return tuple(rounds)


def _drawn(done: PairsDraw, pairing: tuple[int | None, int | None], third: bool) -> Match | None:
    """Return the drawn match of a pairing, at whichever table (None: none seats it)."""
    return next(
        (m for m in done.matches if m.third_place == third and set(m.pairs) == set(pairing)),
        None,
    )


def _plays_third_place(tournament: PairsTournament, bracket: Bracket) -> bool:
    """Tell whether the final's draw seats a match for third place: two semi-final losers."""
    if not tournament.format.third_place or bracket.rounds < 2:
        return False
    semifinals = _round_matches(bracket, lambda one, two: None, bracket.rounds - 1)
    return len(semifinals) == 2


def _semifinal_losers(bracket: Bracket, decide: Decide) -> tuple[int | None, int | None]:
    """Return the two semi-final losers (None: that semi-final is undecided)."""
    losers: list[int | None] = []
    for one, two in _round_matches(bracket, decide, bracket.rounds - 1):
        winner = None if one is None or two is None else decide(one, two)
        losers.append(None if winner is None else (two if winner == one else one))
    return losers[0], losers[1]


def finished(tournament: PairsTournament, results: Results) -> bool:
    """Tell whether the tournament is over: the final's draw drawn and all its matches won."""
    bracket = bracket_of(tournament, results)
    return (
        bracket is not None
        and len(_knockout_draws(tournament)) == bracket.rounds
        and draw_finished(tournament, results, len(tournament.draws))
    )


def check_next_draw(tournament: PairsTournament, results: Results) -> None:
    """Refuse the next draw unless the current one is over and the next one is known."""
    if not tournament.draws:
        check_setup(tournament.format, len(tournament.pairs))
        return
    if finished(tournament, results):
        raise PairsConflict("pairs_finished")
    last = len(tournament.draws)
    if not draw_closed(tournament, results, last):
        raise PairsConflict(
            "pairs_draw_open",
            number=last,
        )
    if bracket_of(tournament, results) is None:
        return  # the next group round
    rounds = knockout(tournament, results)
    round_ = len(_knockout_draws(tournament))
    # Past the final: only an ended final's draw with a match undecided gets here.
    if round_ == len(rounds) or any(
        None in match.pairs for match in rounds[round_].matches if not match.bye
    ):
        raise _undecided(tournament, results)


def _undecided(tournament: PairsTournament, results: Results) -> PairsConflict:
    """Name the latest undecided knock-out match (the latest draw's, as corrections keep
    the tables after a match seated from its winner); a knock-out whose tables seat other
    pairs than their matches before sent (stored before that rule) is refused as such."""
    found = next(
        (
            (done, match)
            for done in reversed(_knockout_draws(tournament))
            for match in done.matches
            if winner_of(tournament, results, done, match) is None
        ),
        None,
    )
    if found is None:
        return PairsConflict(
            "pairs_bracket_moved",
        )
    done, match = found
    return PairsConflict(
        "pairs_match_undecided",
        table=match.table,
        number=done.number,
    )


def next_draw(tournament: PairsTournament, results: Results, seed: str) -> PairsDraw:
    """Return the next draw: the next group round, or the next knock-out round.

    The first draw's seed draws the groups and every lot; a later draw keeps its seed,
    though the schedule and the bracket already fix its matches.
    """
    check_next_draw(tournament, results)
    number = len(tournament.draws) + 1
    if not tournament.draws:
        numbers = [pair.number for pair in tournament.pairs]
        groups = draw_groups(numbers, tournament.format.group_size, seed)
        return group_draw(groups, 1, number, seed)
    if bracket_of(tournament, results) is None:
        group_round = len(_group_draws(tournament)) + 1
        return group_draw(groups_of(tournament), group_round, number, seed)
    coming = knockout(tournament, results)[len(_knockout_draws(tournament))]
    matches = []
    for table, match in enumerate((m for m in coming.matches if not m.bye), start=1):
        one, two = match.pairs
        assert one is not None and two is not None  # check_next_draw saw to it
        matches.append(Match(table, (one, two), third_place=match.third_place))
    return PairsDraw(number, coming.stage, seed, tuple(matches))


def standings(tournament: PairsTournament, results: Results) -> tuple[FinalPlace, ...]:
    """Return the final ranking (provisional until the tournament is finished)."""
    bracket = bracket_of(tournament, results)
    third = None
    drawn = _knockout_draws(tournament)
    if bracket is not None and len(drawn) == bracket.rounds:
        final_draw = drawn[-1]
        for match in final_draw.matches:
            if match.third_place:
                third = winner_of(tournament, results, final_draw, match)
    if tournament.seed is None:
        return ()
    return final_ranking(
        group_standings(tournament, results), bracket, decider(tournament, results), third
    )


REFUSALS = Refusals(
    redo_not_latest=lambda latest: PairsConflict("pairs_redo_not_latest", latest=latest),
    redo_has_games=lambda number: PairsConflict(
        "pairs_redo_has_games",
        number=number,
    ),
    end_not_latest=lambda latest: PairsConflict("pairs_end_not_latest", latest=latest),
)
"""How a Paarturnier refuses a draw step (engine.tournament.steps has the rule)."""
