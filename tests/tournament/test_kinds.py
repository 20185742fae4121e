"""Tournament kinds: each layer knows a kind through its registry, and no shared module or
template asks which kind it holds. A toy third kind, defined here, is picked up by the
store's, the pages' and the exports' registries."""

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from jinja2 import ChoiceLoader, DictLoader

from bauerblock import store
from bauerblock.engine.bauerchen import resolve_rules
from bauerblock.exports.kinds import EXPORT_KINDS, TournamentExport
from bauerblock.store import tournaments
from bauerblock.store.common import now
from bauerblock.store.tournaments import rows
from bauerblock.store.tournaments.rows import StoredRows
from bauerblock.store.tournaments.stored import TournamentKind
from bauerblock.tournament.kinds import PAGE_KINDS, PageKind, partials
from bauerblock.tournament.kinds.page import Shown

PACKAGE = Path(__file__).resolve().parents[2] / "bauerblock"

ASKING = re.compile(
    r"\bis_pairs\b"  # the old type guard
    r"|isinstance\([^()]*,\s*\(?\s*Stored(Pairs|Tournament|Rows)\b"  # a stored kind's class
    r"|[!=]=\s*(rows\.)?(PAIRS|PREISBAUER)\b"  # the store's kind names compared
    r"|[!=]=\s*['\"](pairs|preisbauer)['\"]|['\"](pairs|preisbauer)['\"]\s*[!=]="
    r"|['\"](pairs|preisbauer)['\"]\s+if\b"  # a kind guessed from what a document holds
    r"|\bpairs\s+is\s+defined\b"  # a template guessing from a table's fields
)
"""What asks which kind of tournament a module or a template holds."""
KIND_HOMES = ("store/tournaments/", "tournament/kinds/", "exports/kinds/")
"""Where each layer keeps its kinds (their own modules and the registry): only these name
a stored kind's class."""
STORED_CLASS = re.compile(r"\bStored(Pairs|Tournament)\b")


def sources():
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix in {".py", ".html"} and "static" not in path.parts:
            yield path.relative_to(PACKAGE).as_posix(), path.read_text(encoding="utf-8")


def asks(name: str, text: str) -> list[str]:
    """Return the lines of a module or template that ask which kind it holds."""
    found = [line.strip() for line in text.splitlines() if ASKING.search(line)]
    if name.endswith(".py") and not name.startswith(KIND_HOMES):
        found += [line.strip() for line in text.splitlines() if STORED_CLASS.search(line)]
    return found


def test_no_module_or_template_asks_which_kind_it_holds():
    asking = {name: lines for name, text in sources() if (lines := asks(name, text))}
    # The engine's own kinds check their format's name where they read it.
    asking.pop("engine/tournament/pairs/format.py", None)
    assert asking == {}


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("if isinstance(stored, StoredPairs):", True),
        ("{% if is_pairs %}", True),
        ("if kind_of(format) == PAIRS:", True),
        ('made["kind"] = "pairs" if "stage" in made else "preisbauer"', True),
        ("{%- if table.pairs is defined -%}", True),
        ("return PAGE_KINDS[stored.kind]", False),
        ('if kind == "csv" and not data.startswith(BOM):', False),
    ],
)
def test_the_check_sees_a_kind_asked(text, asked):
    assert bool(asks("web/shared.py", text)) is asked


def test_every_stored_kind_has_its_pages_and_exports_and_templates():
    assert set(tournaments.STORED_KINDS) == set(rows.KINDS)
    assert set(PAGE_KINDS) == set(tournaments.STORED_KINDS) == set(EXPORT_KINDS)
    members = [name for name in vars(TournamentKind) if not name.startswith("_")]
    templates = PACKAGE / "tournament" / "templates"
    for kind, stored in tournaments.STORED_KINDS.items():
        assert stored.kind == kind == PAGE_KINDS[kind].kind == EXPORT_KINDS[kind].kind
        assert all(hasattr(stored, member) for member in members), kind
        for template in partials(kind).values():
            assert (templates / template).is_file(), template


# --- a toy third kind, from this module alone ----------------------------------------------

TOY = "toy"


@dataclass(frozen=True)
class StoredToy(StoredRows):
    """A toy kind: a title and nothing to draw."""

    kind: ClassVar[str] = TOY

    @classmethod
    def from_row(cls, db, row) -> "StoredToy":
        return cls(**rows.stored_fields(db, row, resolve_rules(json.loads(row["rules"])), {}))

    finished = False

    def document(self, *, token=None) -> dict[str, Any]:
        # What every kind's state holds beside its own (the pages' shared frame reads it).
        shared = {"format": {"kind": TOY}, "draws": [], "standings": [], "corrections": []}
        return {**self.head_document(), **shared, "finished": False, "toys": ["Ente"]}


@dataclass(frozen=True, kw_only=True)
class ToyShown(Shown):
    """The toy as its pages show it: its ducks beside what every kind's view holds."""

    toys: tuple[str, ...]


def toy_shown(stored: StoredToy, seen) -> ToyShown:
    return ToyShown(
        id=stored.id,
        title=stored.title,
        finished=False,
        draws=(),
        corrections=stored.corrections,
        toys=("Ente",),
    )


TOY_PAGES = PageKind[StoredToy, ToyShown](
    kind=TOY,
    shown=toy_shown,
    names=lambda t: {1: t.toys[0]},
    extras=lambda t: {"toy_word": "Quak"},
    on_board=lambda stored, t, draw: {"ducks": len(t.toys)},
    next_steps=lambda stored, t, draw, games: {},
    in_results=lambda stored, t: {"places": t.toys},
    seat_names=lambda stored, table, names: [],
    **partials(TOY),
)
TOY_TEMPLATES = {
    TOY_PAGES.board: '<div id="toy-board">{{ names[1] }} {{ toy_word }} {{ ducks }}</div>',
    TOY_PAGES.results: '{% extends "tournament/_results.html" %}'
    "{% block results %}<ol>{% for p in places %}<li>{{ p }}</li>{% endfor %}</ol>"
    "{% endblock %}",
}
TOY_EXPORT = TournamentExport[StoredToy](
    kind=TOY,
    name="Spielzeug",
    csv=lambda stored: "toy\nEnte\n",
    json=lambda stored: {"kind": TOY},
    pdf=lambda stored: b"%PDF-toy",
)


@pytest.fixture
def toy(app, monkeypatch):
    """Register the toy kind in every layer's registry; return a stored toy's id."""
    monkeypatch.setattr(rows, "KINDS", (*rows.KINDS, TOY))
    monkeypatch.setitem(tournaments.STORED_KINDS, TOY, StoredToy)
    monkeypatch.setitem(PAGE_KINDS, TOY, TOY_PAGES)
    monkeypatch.setitem(EXPORT_KINDS, TOY, TOY_EXPORT)
    app.jinja_loader = ChoiceLoader([DictLoader(TOY_TEMPLATES), app.jinja_loader])
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            tournament_id, _ = rows.insert_tournament(
                db, "Entenrennen", resolve_rules(None), {"kind": TOY}, now()
            )
    return tournament_id


def test_the_store_reads_a_toy_kind_by_its_name(app, toy):
    with app.app_context():
        stored = tournaments.load_tournament(store.get_db(), toy)
    assert isinstance(stored, StoredToy)
    assert tournaments.document(stored)["toys"] == ["Ente"]


def test_the_pages_show_a_toy_kind_through_its_own_parts(client, toy):
    board = client.get(f"/t/{toy}")
    assert board.status_code == 200
    assert '<div id="toy-board">Ente Quak 1</div>' in board.text
    results = client.get(f"/t/{toy}/results")
    assert results.status_code == 200 and "<li>Ente</li>" in results.text


def test_the_exports_of_a_toy_kind_are_its_own(client, toy):
    csv = client.get(f"/t/{toy}/results.csv")
    assert csv.status_code == 200 and csv.text.lstrip("\ufeff") == "toy\nEnte\n"
    assert "Entenrennen" in csv.headers["Content-Disposition"]
