"""Where a Paarturnier's pair plays now, for its players' phones: its match of the current
draw (table, seats, the pair across), its place so far and what comes next (`story`)."""

from __future__ import annotations

from bauerblock.engine.tournament.roster import PlayerNotFound
from bauerblock.engine.tournament.seat import Seat
from bauerblock.kinds.pairs.engine.model import PairsTournament, Results
from bauerblock.kinds.pairs.engine.progress import (
    draw_closed,
    result_of,
    standings,
    winner_of,
)
from bauerblock.kinds.pairs.engine.story import outlook


def seat(tournament: PairsTournament, results: Results, number: int) -> Seat:
    """Return where pair `number` plays in the current draw; raise PlayerNotFound."""
    if tournament.pair(number) is None:
        raise PlayerNotFound("pair_not_found", number=number)
    told = outlook(tournament, results, number)
    everyone = {pair.number: " / ".join(pair.names) for pair in tournament.pairs}
    names = {number: everyone[number]}
    place = next(
        (line.place for line in standings(tournament, results) if line.pair == number), None
    )
    if not tournament.draws:
        return Seat(number, None, place=place, outlook=told, names=names)
    latest = tournament.draws[-1]
    stage = latest.stage.value
    match = latest.match_of(number)
    if match is None:
        return Seat(
            number,
            latest.number,
            bye=number in latest.byes,
            place=place,
            stage=stage,
            outlook=told,
            names=names,
        )
    index = match.pairs.index(number)
    result = result_of(results, latest, match)
    decided = winner_of(tournament, results, latest, match) is not None
    return Seat(
        number,
        latest.number,
        table=match.table,
        seat=index,
        opponents=(match.pairs[1 - index],),
        playing=not decided and not draw_closed(tournament, results, latest.number),
        rounds_played=sum(result.rounds),
        rounds=tournament.format.rounds_to_win,
        place=place,
        stage=stage,
        outlook=told,
        names={n: everyone[n] for n in match.pairs},
    )
