"""The Preisbauer's pages (`PAGES`): its view (players, draws with their tables' progress,
standings), its players' names, the ranking on the board, the next draw the engine allows,
the points per draw on the results list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import lazy_gettext, ngettext

from bauerblock.engine.evening import RoundRecord
from bauerblock.engine.teams import Team
from bauerblock.kinds.preisbauer import engine
from bauerblock.kinds.preisbauer.engine import Tiebreak, TooFewPlayers, check_next_draw
from bauerblock.kinds.preisbauer.forms import BOUNDS, read_preisbauer
from bauerblock.kinds.preisbauer.store import StoredTournament
from bauerblock.tournament.kinds import (
    Context,
    DrawShown,
    NewForm,
    PageKind,
    Seen,
    Shown,
    TableShown,
    partials,
    refused,
    summary,
    table_fields,
)
from bauerblock.web.refusals import player_message

RANKING_ROWS = 20
"""The most rows of the ranking per column on a wide screen: 40 players fit a projector
unscrolled, in two columns."""


@dataclass(frozen=True, kw_only=True)
class SeatedTable(TableShown):
    """A Preisbauer's table: four players in seat order (0 and 2 play 1 and 3), how many of
    the draw's rounds it played."""

    seats: tuple[int, int, int, int]
    rounds_played: int
    rounds: int
    rounds_won: tuple[int, int] = (0, 0)
    """The completed rounds each team won (team A: seats 0 and 2): each gives both winning
    partners a point."""


@dataclass(frozen=True, kw_only=True)
class PreisbauerShown(Shown):
    """A Preisbauer as its pages show it: its format, players and standings beside the draws."""

    format: engine.Format
    players: tuple[engine.Player, ...]
    standings: tuple[engine.PlayerStanding, ...]


def _rounds_won(done: Sequence[RoundRecord]) -> tuple[int, int]:
    """Return the rounds each team of a table won."""
    won_a = sum(1 for record in done if record.winner is Team.A)
    return won_a, len(done) - won_a


def shown(stored: StoredTournament, seen: Seen) -> PreisbauerShown:
    """Return the Preisbauer as its pages show it, from its engine's results."""
    tournament, rounds = stored.tournament, stored.rounds
    drawn = []
    for made in tournament.draws:
        tables = []
        for table in made.tables:
            progress = engine.table_progress(tournament, rounds, made.number, table.number)
            tables.append(
                SeatedTable(
                    **table_fields(stored, made.number, table.number, progress.finished, seen),
                    seats=table.seats,
                    rounds_played=progress.rounds_played,
                    rounds=progress.rounds,
                    rounds_won=_rounds_won(rounds.get((made.number, table.number), ())),
                )
            )
        drawn.append(
            DrawShown(
                number=made.number,
                finished=engine.draw_finished(tournament, rounds, made.number),
                closed=engine.draw_locked(tournament, rounds, made.number),
                ended=made.ended,
                corrected=stored.corrected(made.number),
                byes=made.byes,
                tables=tuple(tables),
            )
        )
    return PreisbauerShown(
        id=stored.id,
        title=stored.title,
        finished=stored.finished,
        draws=tuple(drawn),
        corrections=stored.corrections,
        format=tournament.format,
        players=tournament.players,
        standings=engine.standings(tournament, rounds),
    )


def _names(t: PreisbauerShown) -> dict[int, str]:
    """Return each player's name by number."""
    return {p.number: p.name for p in t.players}


def _on_board(stored: StoredTournament, t: PreisbauerShown, draw: DrawShown | None) -> Context:
    """Return the board's ranking in columns of at most RANKING_ROWS, as even as can be (24
    players: two of 12, not 20 and 4)."""
    standings = t.standings
    columns = -(-len(standings) // RANKING_ROWS)
    rows = -(-len(standings) // max(columns, 1))
    return {
        "ranking": [standings[i : i + rows] for i in range(0, len(standings), max(rows, 1))],
        "by_difference": t.format.tiebreak is Tiebreak.SCORE_DIFFERENCE,
    }


def _next_steps(
    stored: StoredTournament,
    t: PreisbauerShown,
    draw: DrawShown | None,
    games: Mapping[int, int],
) -> Context:
    """Return the organiser's next steps, as the engine's own checks allow them."""
    why_not = refused(check_next_draw, stored.tournament, stored.rounds)
    return {
        "can_draw": why_not is None,
        "next_label": _("Auslosung %(n)s", n=len(t.draws) + 1),
        # Too few players is worth saying; a draw still playing shows its tables instead.
        "draw_hint": player_message(why_not) if isinstance(why_not, TooFewPlayers) else "",
        "summary": summary(
            t,
            draw,
            _("%(n)s Spieler angemeldet", n=len(t.players)),
            lambda made: _("Auslosung %(n)s von %(of)s", n=made.number, of=t.format.draws),
            lambda done, n: ngettext(
                "%(done)s von %(n)s Tisch fertig",
                "%(done)s von %(n)s Tischen fertig",
                n,
                done=done,
                n=n,
            ),
        ),
        "active_count": sum(player.active for player in t.players),
    }


def _in_results(stored: StoredTournament, t: PreisbauerShown) -> Context:
    """Return the standings and the draws of each player's table the organiser corrected
    (marked "*")."""
    return {
        "rows": t.standings,
        "corrected": {p.number: stored.corrected_draws(p.number) for p in t.players},
    }


def _seat_names(
    stored: StoredTournament, table: SeatedTable, names: Mapping[int, str]
) -> list[str]:
    """Return the table's four players in seat order."""
    return [names[number] for number in table.seats]


PAGES = PageKind[StoredTournament, PreisbauerShown](
    late=True,
    kind=StoredTournament.kind,
    shown=shown,
    names=_names,
    extras=lambda t: {},
    on_board=_on_board,
    next_steps=_next_steps,
    in_results=_in_results,
    new=NewForm(
        label=lazy_gettext("Preisbauer: Partner werden gelost"),
        hint=lazy_gettext(
            "Jeder meldet sich allein an; jede Auslosung setzt neue Partner an die Tische, "
            "gewertet wird jeder für sich."
        ),
        read=read_preisbauer,
        name=lazy_gettext("Preisbauer"),
        bounds=BOUNDS,
        shown={"tiebreaks": [tiebreak.value for tiebreak in Tiebreak]},
        lead=lazy_gettext(
            "ein Preisbauer lost die Partner für jede Auslosung neu und wertet jeden Spieler "
            "für sich"
        ),
        choice=lazy_gettext("Preisbauer (gelost, Rangliste)"),
        example="Preisbauer Zur Linde",
    ),
    seat_names=_seat_names,
    **partials(StoredTournament.kind),
)
