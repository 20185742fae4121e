"""Tournament kinds: each layer knows a kind through its registry, and no shared module or
template asks which kind it holds. A toy third kind, one folder of test modules alone
(tests/tournament/toy/: its store, API, exports, pages and templates, one `Kind`), is made,
drawn and read through the API, drawn on the organiser's page, shown by the pages and
exported, with no file of bauerblock/ naming it; without it the API's document is the
committed one."""

import dataclasses
import json
import re
from pathlib import Path

import pytest

from bauerblock import store
from bauerblock.api.kinds import API_KINDS
from bauerblock.exports.kinds import EXPORT_KINDS
from bauerblock.kinds import kinds
from bauerblock.store import tournaments
from bauerblock.store.tournaments.stored import TournamentKind
from bauerblock.tournament.kinds import PAGE_KINDS, partials
from tests.conftest import make_app
from tests.pages import csrf
from tests.told import told
from tests.tournament.toy import KIND as TOY_KIND
from tests.tournament.toy.store import TOY, StoredToy

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
KIND_HOMES = ("kinds/", "store/tournaments/", "api/kinds/")
"""Where the kinds live (their folders) and each layer keeps its registry of them: only
these name a stored kind's class."""
STORED_CLASS = re.compile(r"\bStored(Pairs|Tournament)\b")
DUCKS = ["Ente", "Erpel", "Gans", "Schwan"]
TOURNAMENTS = "/api/v1/tournaments"


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
    asking.pop("kinds/pairs/engine/format.py", None)
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
    assert set(PAGE_KINDS) == set(tournaments.STORED_KINDS) == set(EXPORT_KINDS) == set(API_KINDS)
    members = [name for name in vars(TournamentKind) if not name.startswith("_")]
    folders = {kind.name: kind.folder for kind in kinds()}
    for kind, stored in tournaments.STORED_KINDS.items():
        assert stored.kind == kind == PAGE_KINDS[kind].kind == EXPORT_KINDS[kind].kind
        assert API_KINDS[kind].kind == kind
        # A frozen dataclass's fields are its instances' attributes, not its class's.
        fields = {field.name for field in dataclasses.fields(stored)}
        assert all(hasattr(stored, m) or m in fields for m in members), kind
        # A kind's templates are its folder's (a kind still of the tournament pages: theirs).
        templates = (folders.get(kind) or PACKAGE / "tournament") / "templates"
        for template in partials(kind).values():
            assert (templates / template).is_file(), template


# --- a toy third kind, from its own folder ---------------------------------------------------


@pytest.fixture
def toy_kind(monkeypatch):
    """Register the toy kind in every layer's registry, from its one `Kind` (undone after)."""
    for registry, part in TOY_KIND.entries():
        monkeypatch.setitem(registry, TOY, part)
    return TOY


@pytest.fixture
def app(toy_kind, tmp_path, monkeypatch):
    """Return an app built with the toy kind registered, its templates served as a kind's."""
    app = make_app(tmp_path, monkeypatch)
    TOY_KIND.serve(app)
    return app


@pytest.fixture
def toy(app):
    """Return the id of a toy tournament the store made (its kind's `create`)."""
    with app.app_context():
        stored, _ = tournaments.create_tournament(
            store.get_db(), title="Entenrennen", players=DUCKS, format={"kind": TOY}
        )
    return stored.id


def test_the_store_reads_a_toy_kind_by_its_name(app, toy):
    with app.app_context():
        stored = tournaments.load_tournament(store.get_db(), toy)
    assert isinstance(stored, StoredToy)
    assert told(stored)["toys"] == DUCKS


def test_the_pages_show_a_toy_kind_through_its_own_parts(client, toy):
    board = client.get(f"/t/{toy}")
    assert board.status_code == 200
    assert '<div id="toy-board">Ente Quak 4</div>' in board.text
    results = client.get(f"/t/{toy}/results")
    assert results.status_code == 200 and "<li>Ente</li>" in results.text


def test_the_new_tournament_form_offers_and_makes_a_toy_kind(client):
    form = client.get("/t/new").text
    assert 'id="kind-toy" name="kind" value="toy"' in form
    assert "<strong>Entenrennen: Enten an einem Tisch</strong>" in form
    assert '<div class="kind-toy"><label for="ducks">Enten</label>' in form
    data = {"csrf_token": csrf(client), "title": "Ententeich", "preset": "lautern", "kind": TOY}
    empty = client.post("/t", data={**data, "ducks": "1. " + "x" * 99})
    assert empty.status_code == 422 and 'id="ducks-error"' in empty.text
    made = client.post("/t", data={**data, "ducks": "\n".join(DUCKS)})
    assert made.status_code == 303
    page = client.get(made.headers["Location"]).text
    assert "<h1>Ententeich" in page and '<ol id="ducks"><li>Ente</li>' in page


def test_a_toy_kind_is_drawn_on_the_organiser_page_and_shown_on_the_board(app, client):
    with app.app_context():
        stored, token = tournaments.create_tournament(
            store.get_db(), title="Entenrennen", players=DUCKS, format={"kind": TOY}
        )
    assert client.get(f"/t/{stored.id}/organiser/{token}").status_code == 303
    page = client.get(f"/t/{stored.id}/organiser").text
    assert '<ol id="ducks"><li>Ente</li>' in page and "0 Läufe" in page
    assert 'id="draw-next">Auslosen <span class="hint">(Lauf 1)</span>' in page
    drawn = client.post(f"/t/{stored.id}/draws", data={"csrf_token": csrf(client)})
    assert drawn.status_code == 303
    page = client.get(drawn.headers["Location"]).text
    assert "Auslosung 1 ist gelost." in page and "1 Läufe" in page
    ducks = '<span class="ducks">' + ", ".join(DUCKS[:4]) + "</span>"
    assert ducks in page and "0 Spiele" in page
    card = tournaments.card_token(token, 1, 0)
    edit = f"/t/{stored.id}/tables/1/{card}"
    assert f'href="{edit}">Block</a>' in page
    board = client.get(f"/t/{stored.id}").text
    assert '<div id="toy-board">Ente Quak 4' in board
    assert ducks in board and 'id="table-1"' in board and edit not in board


def test_the_exports_of_a_toy_kind_are_its_own(client, toy):
    # The page's CSV is the kind's for people; the API's its contract.
    csv = client.get(f"/t/{toy}/results.csv")
    assert csv.status_code == 200 and csv.text.lstrip("\ufeff") == "Spielzeug\nEnte\n"
    api = client.get(f"{TOURNAMENTS}/{toy}/export?format=csv")
    assert api.status_code == 200 and api.text.lstrip("\ufeff") == "toy\nEnte\n"
    assert "Entenrennen" in csv.headers["Content-Disposition"]


def test_the_api_creates_draws_and_reads_a_toy_kind(client):
    body = {"kind": TOY, "title": "Entenrennen", "players": DUCKS, "format": {"kind": TOY}}
    made = client.post(TOURNAMENTS, json=body)
    assert made.status_code == 201, made.get_json()
    race = made.get_json()
    assert (race["kind"], race["toys"], race["draws"]) == (TOY, DUCKS, [])
    assert race["links"]["self"].endswith(f"/api/v1/tournaments/{race['id']}")
    organiser = {"Authorization": f"Bearer {race['edit_token']}"}
    drawn = client.post(
        f"{TOURNAMENTS}/{race['id']}/draws", json={"seed": "quak"}, headers=organiser
    )
    assert drawn.status_code == 201, drawn.get_json()
    heat = drawn.get_json()
    assert (heat["kind"], heat["number"], heat["seed"], heat["ended"]) == (TOY, 1, "quak", False)
    (table,) = heat["tables"]
    sheet = client.get(table["sheet"]["links"]["self"]).get_json()
    assert sheet["players"] == DUCKS and "edit" in table["sheet"]["links"]
    read = client.get(f"{TOURNAMENTS}/{race['id']}", headers=organiser).get_json()
    assert read["draws"] == [heat]
    public = client.get(f"{TOURNAMENTS}/{race['id']}").get_json()
    assert "edit_token" not in public["draws"][0]["tables"][0]["sheet"]
    other = client.post(TOURNAMENTS, json={"kind": "ente", "players": DUCKS})
    assert other.status_code == 422
    assert "Choose one of: preisbauer, pairs, toy." in json.dumps(other.get_json())


def test_the_document_names_a_toy_kind_while_registered(client):
    document = client.get("/api/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    for union in ("NewAnyTournament", "AnyTournament", "AnyCreatedTournament", "AnyDraw"):
        assert set(schemas[union]["discriminator"]["mapping"]) == set(API_KINDS), union
    assert {"NewToyTournament", "ToyTournament", "CreatedToyTournament", "ToyDraw"} <= set(schemas)
    assert "ToyResultsList" in schemas


def test_without_the_toy_it_is_registered_nowhere_and_the_document_is_the_committed(
    tmp_path, monkeypatch
):
    registries = (tournaments.STORED_KINDS, PAGE_KINDS, EXPORT_KINDS, API_KINDS)
    assert all(TOY not in registry for registry in registries)
    printed = make_app(tmp_path, monkeypatch).test_cli_runner().invoke(args=["openapi", "print"])
    committed = (PACKAGE.parent / "openapi" / "openapi.json").read_text()
    assert json.loads(printed.output) == json.loads(committed)


def test_no_file_of_the_package_names_the_toy():
    named = [
        name
        for name, text in sources()
        if re.search(r"\bStoredToy\b|\btoy_api\b|Entenrennen", text)
    ]
    assert named == []
