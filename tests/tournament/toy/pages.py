"""The toy kind as the tournament pages show it: its view (the race's heats, each one table
of ducks), its page kind and its templates, drawn through the shared frames."""

from dataclasses import dataclass

from bauerblock.tournament.forms import Entrants, read_names
from bauerblock.tournament.kinds import (
    DrawShown,
    NewForm,
    PageKind,
    Seen,
    Shown,
    TableShown,
    partials,
    table_fields,
)
from tests.tournament.toy.store import TOY, StoredToy


@dataclass(frozen=True, kw_only=True)
class DuckTable(TableShown):
    """A heat's table: the ducks that race there."""

    ducks: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class ToyShown(Shown):
    """The race as its pages show it: its ducks beside what every kind's view holds."""

    toys: tuple[str, ...]


def shown(stored: StoredToy, seen: Seen) -> ToyShown:
    race = stored.tournament
    drawn = [
        DrawShown(
            number=heat.number,
            finished=False,
            closed=heat.ended,
            ended=heat.ended,
            corrected=stored.corrected(heat.number),
            byes=(),
            tables=tuple(
                DuckTable(
                    **table_fields(stored, heat.number, number, False, seen),
                    ducks=race.ducks[:4],
                )
                for number in heat.tables
            ),
        )
        for heat in race.draws
    ]
    return ToyShown(
        id=stored.id,
        title=stored.title,
        finished=False,
        draws=tuple(drawn),
        corrections=stored.corrections,
        toys=race.ducks,
    )


def read_race(form, errors) -> Entrants:
    """Return a new race's format and its ducks, one a line."""
    return {"kind": TOY}, {"players": read_names(form.get("ducks", ""), "ducks", errors)}


TOY_PAGES = PageKind[StoredToy, ToyShown](
    kind=TOY,
    shown=shown,
    names=lambda t: dict(enumerate(t.toys, start=1)),
    extras=lambda t: {"toy_word": "Quak"},
    on_board=lambda stored, t, draw: {"ducks": len(t.toys)},
    next_steps=lambda stored, t, draw, games: {
        "can_draw": True,
        "next_label": f"Lauf {len(t.draws) + 1}",
        "draw_hint": "",
        "can_redo": False,
        "summary": f"{len(t.draws)} Läufe",
    },
    in_results=lambda stored, t: {"places": t.toys},
    seat_names=lambda stored, table, names: list(table.ducks),
    new=NewForm(
        "Entenrennen: Enten an einem Tisch",
        "Vier Enten je Lauf.",
        read_race,
        {},
        name="Entenrennen",
    ),
    **partials(TOY),
)
