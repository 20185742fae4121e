"""What a tournament kind's pages are (a `PageKind`: what they show beyond the shared frame -
its entrants' names, the board's sections, the organiser's next steps, the results list,
the table cards' seats - and the templates it draws them with), what they show of a
tournament (a `Shown` view the kind builds from its stored state and its engine's results),
and every kind's (`PAGE_KINDS`).

The views are frozen things the templates read by attribute: the pages never read the
API's JSON. What every kind's view holds is here (`Shown`, `DrawShown`, `TableShown`);
each kind's module adds its own fields.

The shared views and templates ask the stored tournament's kind here, once (`pages_of`),
never which kind it is: a template draws the kind's own parts (`kind.parts`, macros every
kind's parts file defines alike) and includes the kind's own pages (`kind.board`, ...).
Each kind registers its `PageKind` here from its own folder (`bauerblock.kinds`), its
templates `tournament/{_board,_live,organiser,results,_parts,_new}_<kind>.html` in the
folder's `templates/`; tests/tournament/test_kinds.py checks every stored kind has them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from flask_babel import gettext as _

from bauerblock.engine.errors import Refusal, RuleError, StateConflict
from bauerblock.engine.games import sheet_game
from bauerblock.engine.teams import Points
from bauerblock.store import tournaments
from bauerblock.store.tournaments import Correction, TableScore
from bauerblock.store.tournaments.rows import StoredRows
from bauerblock.store.tournaments.stored import Stored
from bauerblock.tournament.forms import NewTournament, Reader, read_new_tournament

S = TypeVar("S", bound=StoredRows)
"""The kind's stored tournament (the `StoredRows` its folder's store.py defines)."""
V = TypeVar("V", bound="Shown")
"""The kind's view of it."""
D = TypeVar("D", bound="DrawShown")
"""A kind's draw as its view holds it."""

Context = dict[str, Any]
"""What a page's template is given."""


@dataclass(frozen=True)
class NewForm:
    """A kind's part of the "Neues Turnier" form: its choice's words, what its fields say
    (`read`: the form and the errors to note, one a field), its numbers' bounds (lowest,
    highest, the engine's default) and what else its fields' template (`PageKind.fields`)
    is given (`shown`: its choices' values)."""

    label: str
    hint: str
    read: Reader
    bounds: Mapping[str, tuple[int, int, Any]]
    name: str
    """The kind's name in a word, where a list names each tournament's kind."""
    shown: Mapping[str, Any] = field(default_factory=dict)
    lead: str = ""
    """What the kind is, a clause of the "Neues Turnier" page's lead."""
    choice: str = ""
    """The kind in the start page's words: its name and what it is in brief."""
    example: str = ""
    """A title of a tournament of the kind, as an example (the form's, of the first kind)."""


@dataclass(frozen=True)
class SheetLinks:
    """A table's sheet as the organiser opens it: to enter, to correct (with this session's
    organiser right), to look."""

    edit: str
    correct: str
    view: str


@dataclass(frozen=True)
class TableSheet:
    """A table's sheet: its id, and on the organiser's page its links."""

    id: str
    links: SheetLinks | None = None


@dataclass(frozen=True, kw_only=True)
class TableShown:
    """A table of a draw as the pages show it (each kind adds who plays there)."""

    number: int
    finished: bool
    corrected: bool
    """The organiser corrected a game of it."""
    sheet: TableSheet
    played: int = 0
    """Games played (counted for the draw a page shows with its scores)."""
    score: Points | None = None
    """The open round's score while the table plays (the same draw's only)."""


@dataclass(frozen=True, kw_only=True)
class DrawShown:
    """A draw as the pages show it (a kind may add what it plays)."""

    number: int
    finished: bool
    """Every table played its rounds."""
    closed: bool
    """Its tables take no more games from their phones."""
    ended: bool
    corrected: bool
    byes: tuple[int, ...]
    tables: tuple[TableShown, ...]


@dataclass(frozen=True, kw_only=True)
class Shown:
    """A tournament as its pages show it (each kind adds its entrants and standings)."""

    id: str
    title: str
    finished: bool
    draws: tuple[DrawShown, ...]
    corrections: tuple[Correction, ...]


@dataclass(frozen=True)
class Seen:
    """What a page sees of a tournament beside its view: draw `number`'s tables' games and
    open scores (`scores`, by table: the store's `table_scores`, read once; empty: the page
    shows none), each sheet's links (the organiser's page)."""

    number: int = 0
    scores: Mapping[int, TableScore] = field(default_factory=dict)
    links: Callable[[str], SheetLinks] | None = None


def table_fields(stored: StoredRows, draw: int, table: int, finished: bool, seen: Seen) -> Context:
    """Return what every kind's table of draw `draw` shows beside its own: its number,
    whether it is finished and corrected, its sheet (with the page's links), and in the draw
    the page scores, its games played and while it plays its open round's score (a table
    missing from the scores has no game)."""
    sheet_id = stored.tables[(draw, table)].sheet_id
    # A table missing from the scores (or in another draw than the page's) has no game.
    known = seen.scores.get(table, TableScore()) if draw == seen.number else TableScore()
    return {
        "number": table,
        "finished": finished,
        "corrected": stored.corrected(draw, table),
        "sheet": TableSheet(sheet_id, None if seen.links is None else seen.links(sheet_id)),
        "played": known.played,
        "score": known.score if known.played and not finished else None,
    }


def refused(check: Callable[..., None], *args: Any) -> Refusal | None:
    """Return why the engine's `check` refuses a step now (None: it allows it)."""
    try:
        check(*args)
    except (StateConflict, RuleError) as error:
        return error
    return None


def summary(
    t: Shown,
    draw: D | None,
    entered: str,
    named: Callable[[D], str],
    done: Callable[[int, int], str],
) -> str:
    """Return the organiser's line saying where the tournament stands, in its kind's words:
    who is `entered` before the first draw; then how many of the draw's tables are `done`
    (of all: "7 von 10 Tischen fertig") and the draw `named`, or the final standings."""
    if draw is None:
        return entered
    if t.finished:
        return _("Endstand") + " · " + named(draw)
    finished = sum(1 for table in draw.tables if table.finished)
    return f"{done(finished, len(draw.tables))} · {named(draw)}"


def partials(kind: str) -> dict[str, Any]:
    """Return the names of a kind's templates: tournament/<part>_<kind>.html."""
    return {
        "board": f"tournament/_board_{kind}.html",
        "live": f"tournament/_live_{kind}.html",
        "organiser": f"tournament/organiser_{kind}.html",
        "results": f"tournament/results_{kind}.html",
        "parts": f"tournament/_parts_{kind}.html",
        "fields": f"tournament/_new_{kind}.html",
    }


@dataclass(frozen=True)
class PageKind(Generic[S, V]):
    """How the tournament pages show one kind of tournament."""

    kind: str
    shown: Callable[[S, Seen], V]
    """The tournament as its pages show it, from its stored state and its engine's results
    (read once a request)."""
    names: Callable[[V], dict[int, str]]
    """Each entrant's label by number: "Hans", "Bernd / Uwe"."""
    extras: Callable[[V], Context]
    """More every page of the kind shows (its words' helpers)."""
    on_board: Callable[[S, V, Any], Context]
    """The board's own sections, from the view and its latest draw (a `DrawShown`)."""
    next_steps: Callable[[S, V, Any, Mapping[int, int]], Context]
    """The organiser's page: whether the next draw may be made (`can_draw`), what it plays
    (`next_label`), a hint (`draw_hint`), the `summary` line, and the kind's own; from the
    view, its latest draw and its tables' games played. Whether the latest draw may be drawn
    anew (`can_redo`) is its stored kind's `check_redo`'s, unless the kind says."""
    in_results: Callable[[S, V], Context]
    """The results list's own parts (`rows`: its lines, best first)."""
    seat_names: Callable[[S, Any, Mapping[int, str]], list[str]]
    """A table's four players in seat order (for its card), from the entrants' labels."""
    new: NewForm
    """Its choice and fields on the new tournament's form (its list of entrants: the field
    `entrants` names)."""
    board: str
    live: str
    """The organiser page's live part (polled)."""
    organiser: str
    results: str
    parts: str
    """The macros drawing what the shared templates show of a draw in the kind's words."""
    fields: str
    """Its fields on the new tournament's form."""
    stylesheets: tuple[str, ...] = field(default=())
    """Its own stylesheets (static files of the web layer), after the tournament's."""
    tells: Callable[[Any], tuple[str, tuple[str, str] | None]] | None = None
    """What a seat's outlook (`Seat.outlook`, a Paarturnier's pair's) says in words: what
    comes next and what its match decides; None: the kind's seats have no outlook."""
    late: bool = False
    """Whether a running tournament of the kind takes late entrants (a series enters them)."""

    @property
    def entrants(self) -> str:
        """Return the form's field of its entrants, as its stored kind's body names it
        (`TournamentKind.entrants`): a refusal of the list goes beside it."""
        return tournaments.STORED_KINDS[self.kind].entrants


PAGE_KINDS: dict[str, PageKind[Any, Any]] = {}
"""Every kind a tournament can be (the store's kinds) has its pages, in the new-tournament
form's order (the first: the default); each kind of `bauerblock.kinds` registers its own."""


def pages_of(stored: Stored) -> PageKind[Any, Any]:
    """Return the pages of the stored tournament's kind."""
    return PAGE_KINDS[stored.kind]


def chosen(form: Mapping[str, str]) -> PageKind[Any, Any]:
    """Return the pages of the kind a new-tournament form chose (none or unknown: the first,
    the form's default): a refusal of its list goes beside its entrants' field."""
    return PAGE_KINDS.get(form.get("kind", ""), next(iter(PAGE_KINDS.values())))


def read_new(form: Mapping[str, str]) -> tuple[NewTournament | None, dict[str, str]]:
    """Return a new tournament's settings from the "Neues Turnier" form, each kind's fields
    as it reads them (`read_new_tournament`), or None and a message per faulty field."""
    readers = {name: kind.new.read for name, kind in PAGE_KINDS.items()}
    return read_new_tournament(form, readers, example=next(iter(PAGE_KINDS.values())).new.example)


def new_form() -> dict[str, Any]:
    """Return what the "Neues Turnier" form shows (its own page's, and the series' organiser
    page's): every kind, the engine's bounds and defaults of each kind's numbers, the tables'
    game and its presets."""
    kinds = list(PAGE_KINDS.values())
    game = tournaments.table_game()
    return {
        "kinds": kinds,
        "bounds": {name: bound for kind in kinds for name, bound in kind.new.bounds.items()},
        **{name: shown for kind in kinds for name, shown in kind.new.shown.items()},
        "game": game,
        "presets": sheet_game(game).PRESETS,
    }
