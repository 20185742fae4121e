"""Where a Preisbauer's player sits now, for the player's own phone (docs/rules.md section 4,
"Tables keep their number, their card and their phone"): the current draw's table and seat,
the partner opposite and the two opponents, or the Freilos; the points and the place."""

from __future__ import annotations

from bauerblock.engine.tournament.roster import player_of
from bauerblock.engine.tournament.seat import Seat
from bauerblock.kinds.preisbauer.engine.model import Tournament
from bauerblock.kinds.preisbauer.engine.progress import Rounds, draw_locked, table_progress
from bauerblock.kinds.preisbauer.engine.standings import standings


def seat(tournament: Tournament, rounds: Rounds, number: int) -> Seat:
    """Return where player `number` sits in the current draw; raise PlayerNotFound."""
    player = player_of(tournament.player(number), number)
    line = next(line for line in standings(tournament, rounds) if line.player == number)
    points, place = line.points, line.place
    everyone = {p.number: p.name for p in tournament.players}
    names = {number: player.name}
    if not tournament.draws:
        return Seat(number, None, points=points, place=place, names=names)
    latest = tournament.draws[-1]
    table = next((t for t in latest.tables if number in t.seats), None)
    if table is None:
        bye = number in latest.byes
        return Seat(number, latest.number, bye=bye, points=points, place=place, names=names)
    at = table.seats.index(number)
    progress = table_progress(tournament, rounds, latest.number, table.number)
    return Seat(
        number,
        latest.number,
        table=table.number,
        seat=at,
        partner=table.seats[(at + 2) % 4],
        opponents=(table.seats[(at + 1) % 4], table.seats[(at + 3) % 4]),
        playing=not progress.finished and not draw_locked(tournament, rounds, latest.number),
        rounds_played=progress.rounds_played,
        rounds=progress.rounds,
        points=points,
        place=place,
        names={n: everyone[n] for n in table.seats},
    )
