"""The cousins' score sheets through Flask's test client: Bauerschspiel and Bolachen."""

import csv
import io
import re

import pytest

from bauerblock import store
from bauerblock.engine.games import GAMES
from bauerblock.scoresheet.games import PADS
from tests.pages import csrf, entry_form, field

HX = {"HX-Request": "true"}
FOUR = ["Hans", "Grete", "Karl", "Lise"]
THREE = ["Hans", "Grete", "Karl"]
EVIL = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
MINUS = "\u2212"


def state(app, sheet_id):
    with app.app_context():
        sheet = store.load_sheet(store.get_db(), sheet_id)
        return sheet, store.replay(sheet)


@pytest.fixture
def strokes(new_sheet):
    """Create a Bauerschspiel sheet through the start form; return its id."""

    def make(players=FOUR, **extra):
        return new_sheet(players=players, game="bauerschspiel", preset="dillkreis", **extra)

    return make


@pytest.fixture
def deals(new_sheet):
    """Create a Bolachen sheet through the start form (soft unless told); return its id."""

    def make(players=THREE, **extra):
        return new_sheet(players=players, **{"game": "bolachen", "preset": "soft", **extra})

    return make


def errors_of(html):
    return dict(re.findall(r'id="([\w-]+)-error" role="alert">([^<]*)<', html))


# --- the start page ----------------------------------------------------------------------


def test_the_start_page_offers_every_game(client):
    html = client.get("/").text
    for game in ("bauerchen", "bauerschspiel", "bolachen"):
        assert f'href="/?game={game}"' in html
    assert "disabled" not in html[html.index('class="games"') : html.index('class="players"')]
    assert 'aria-current="page"' in html.split('id="game-bauerchen"')[1].split(">")[0]
    assert 'name="game" value="bauerchen"' in html


def test_the_start_page_for_bauerschspiel(client):
    html = client.get("/?game=bauerschspiel").text
    assert 'name="game" value="bauerschspiel"' in html
    assert 'name="player3"' in html
    assert "Platz 1 und 3 sind Team A" in html
    assert re.search(r'id="preset-dillkreis"[^>]*checked', html)
    assert 'name="strokes"' in html
    assert 'name="carry_over"' not in html
    assert 'name="tariff"' not in html


def test_the_start_page_for_bolachen(client):
    html = client.get("/?game=bolachen").text
    assert 'name="game" value="bolachen"' in html
    assert 'name="player2"' in html
    assert 'name="player3"' not in html
    assert 'id="dealer2"' in html and 'id="dealer3"' not in html
    assert "Team A" not in html
    assert re.search(r'id="preset-soft"[^>]*checked', html)
    assert 'id="preset-hard"' in html
    for name in ("tariff", "mord_pays_five", "limit"):
        assert f'name="{name}"' in html
    assert 'name="carry_over"' not in html


def test_the_game_switch_keeps_the_names_typed(client):
    html = client.get("/", query_string={"game": "bolachen", "player0": EVIL, "player3": "X"}).text
    assert f'value="{ESCAPED}"' in html
    assert EVIL not in html
    # Only the form's own fields are taken: nothing else comes in through the address.
    page = client.get("/", query_string={"game": "bolachen", "preset": "hard"}).text
    assert re.search(r'id="preset-soft"[^>]*checked', page)


def test_an_unknown_game_in_the_address_shows_bauerchen(client):
    html = client.get("/?game=skat").text
    assert 'name="game" value="bauerchen"' in html


def test_an_unknown_game_is_refused_beside_the_switch(client):
    response = client.post("/s", data={"csrf_token": csrf(client), "game": "skat"})
    assert response.status_code == 422
    assert errors_of(response.text)["game"] == "Unbekanntes Spiel."


def test_creating_a_bauerschspiel(app, client):
    data = {"csrf_token": csrf(client), "game": "bauerschspiel", "first_dealer": "3"}
    data.update({f"player{seat}": name for seat, name in enumerate(FOUR)})
    data.update({"preset": "dillkreis", "strokes": "3", "carry_over": "1"})
    response = client.post("/s", data=data)
    assert response.status_code == 303
    sheet, _ = state(app, response.headers["Location"].split("/")[2])
    assert sheet.game == "bauerschspiel"
    assert sheet.players == tuple(FOUR)
    assert sheet.first_dealer == 3
    # Another game's options are not this game's: the Bauerchen toggle is ignored.
    assert sheet.rules.to_dict() == {"preset": "dillkreis", "strokes": 3}


def test_creating_a_bolachen_under_the_hard_score(app, client):
    data = {"csrf_token": csrf(client), "game": "bolachen", "first_dealer": "2"}
    data.update({f"player{seat}": name for seat, name in enumerate([*THREE, "Lise"])})
    data.update({"preset": "hard", "tariff": "20", "mord_pays_five": "1", "limit": "2,50"})
    response = client.post("/s", data=data)
    assert response.status_code == 303
    sheet, _ = state(app, response.headers["Location"].split("/")[2])
    assert sheet.game == "bolachen"
    assert sheet.players == tuple(THREE)
    assert sheet.first_dealer == 2
    rules = sheet.rules.to_dict()
    assert (rules["tariff"], rules["mord_pays_five"], rules["limit"]) == (20, True, 250)


@pytest.mark.parametrize(
    ("fields", "errors"),
    [
        ({"preset": "soft", "mord_pays_five": "1"}, {"mord_pays_five": "nur beim harten Spiel"}),
        ({"preset": "soft", "tariff": "10"}, {"tariff": "nur beim harten Spiel"}),
        ({"preset": "hard", "tariff": "0"}, {"tariff": "in Cent"}),
        ({"preset": "hard", "limit": "viel"}, {"limit": "in Euro"}),
        ({"preset": "soft", "limit": "2,50"}, {"limit": "in Punkten"}),
        ({"preset": "hard", "first_dealer": "3"}, {"first_dealer": "Wähle, wer zuerst gibt."}),
        ({"preset": "oben"}, {"preset": "Unbekanntes Regelwerk."}),
    ],
)
def test_bad_bolachen_settings_are_shown_beside_their_field(client, fields, errors):
    data = {"csrf_token": csrf(client), "game": "bolachen", "first_dealer": "0"}
    data.update({f"player{seat}": name for seat, name in enumerate(THREE)})
    data.update(fields)
    response = client.post("/s", data=data)
    assert response.status_code == 422
    shown = errors_of(response.text)
    assert shown.keys() == errors.keys()
    for name, words in errors.items():
        assert words in shown[name]
    # The form comes back for Bolachen, with what was typed.
    assert 'name="game" value="bolachen"' in response.text
    assert 'value="Grete"' in response.text
    for name, value in fields.items():
        if name in ("tariff", "limit"):
            assert f'value="{value}"' in response.text


def test_bad_strokes_are_shown_beside_the_field(client):
    data = {"csrf_token": csrf(client), "game": "bauerschspiel", "strokes": "99"}
    response = client.post("/s", data=data)
    assert response.status_code == 422
    assert errors_of(response.text) == {"strokes": "Eine Zahl von 1 bis 20."}
    assert 'value="99"' in response.text


# --- Bauerschspiel ------------------------------------------------------------------------


def test_bauerschspiel_page_and_fragment(client, strokes):
    sheet_id = strokes()
    page = client.get(f"/s/{sheet_id}/edit")
    fragment = client.get(f"/s/{sheet_id}/edit", headers=HX)
    assert page.text.startswith("<!DOCTYPE html>")
    assert fragment.text.lstrip().startswith('<div id="board"')
    for response in (page, fragment):
        assert "HX-Request" in response.headers["Vary"]
        html = response.text
        assert html.count('aria-label="Striche Team A: 5"') == 1
        assert html.count('<span class="five">+++++</span>') == 2
        assert re.search(r'name="winner" value="A"[^>]*>\s*<span class="band">Team A gewinnt', html)
        assert "<bdi>Hans</bdi> &amp; <bdi>Karl</bdi>" in html
        assert "<bdi>Grete</bdi> &amp; <bdi>Lise</bdi>" in html
        assert "noch 4 Striche" in html
        assert 'name="result"' not in html and 'name="spritz"' not in html


def test_bauerschspiel_one_tap_a_game_to_a_nullchen(app, client, strokes, tap):
    sheet_id = strokes()
    for number in range(1, 5):
        response = tap(sheet_id, winner="A")
        assert response.status_code == 200
        assert re.search(rf"Spiel {number}: .+ eingetragen", response.text)
    assert 'aria-label="Striche Team A: 1"' in response.text
    assert "Nullchen!" in response.text
    response = tap(sheet_id, winner="A")
    _, replayed = state(app, sheet_id)
    assert replayed["current"]["strokes"] == {"A": 5, "B": 5}
    assert replayed["current"]["nullchen"] == {"A": 1, "B": 0}
    assert replayed["games"][4]["entry"] == {"winner": "A"}
    assert "Nullchen für Team A (Hans &amp; Karl)" in response.text
    assert 'class="nullchen">Nullchen: <strong>1</strong>' in response.text
    assert "Brett 2, Spiel 6" in re.sub(r"<[^>]+>", "", response.text)


def test_bauerschspiel_refuses_what_is_no_team_beside_the_buttons(app, client, strokes, tap):
    sheet_id = strokes()
    response = tap(sheet_id, winner="C")
    assert response.status_code == 422
    assert errors_of(response.text) == {"winner": "Tippe, welche Partei gewonnen hat."}
    assert state(app, sheet_id)[0].entries == ()


def test_bauerschspiel_undo_amend_and_delete(app, client, strokes, tap):
    sheet_id = strokes()
    tap(sheet_id, winner="A")
    response = tap(sheet_id, winner="B")
    undo = response.text[response.text.index('class="banner ok undo"') :]
    action = re.search(r'action="([^"]+)"', undo).group(1)
    data = {"csrf_token": field(undo, "csrf_token"), "version": field(undo, "version")}
    assert client.post(action, data=data, headers=HX).status_code == 200
    assert len(state(app, sheet_id)[0].entries) == 1
    opened = client.get(f"/s/{sheet_id}/games/1", headers=HX)
    assert "Spiel 1 ändern" in opened.text
    assert "Bisher: Team A gewinnt · <bdi>Hans</bdi> gab" in opened.text
    form = entry_form(opened.text)
    amended = client.post(f"/s/{sheet_id}/games/1", data={**form, "winner": "B"}, headers=HX)
    assert "Spiel 1 geändert." in amended.text
    assert state(app, sheet_id)[1]["current"]["strokes"] == {"A": 6, "B": 4}
    form = entry_form(client.get(f"/s/{sheet_id}/games/1").text)
    deleted = client.post(f"/s/{sheet_id}/games/1/delete", data=form)
    assert deleted.status_code == 303
    assert state(app, sheet_id)[0].entries == ()


def test_bauerschspiel_stale_and_resent_taps(app, client, strokes, tap):
    sheet_id = strokes()
    old = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    first = client.post(f"/s/{sheet_id}/games", data={**old, "winner": "A"}, headers=HX)
    again = client.post(f"/s/{sheet_id}/games", data={**old, "winner": "A"}, headers=HX)
    assert first.status_code == again.status_code == 200
    assert len(state(app, sheet_id)[0].entries) == 1
    other = {**old, "key": "another-key-123", "winner": "B"}
    stale = client.post(f"/s/{sheet_id}/games", data=other, headers=HX)
    assert stale.status_code == 412
    assert "Ein anderes Handy hat inzwischen eingetragen" in stale.text
    assert len(state(app, sheet_id)[0].entries) == 1


def test_bauerschspiel_without_javascript_and_read_only(app, client, strokes, tap):
    sheet_id = strokes(players=[EVIL, "Grete", "Karl", "Lise"], title=EVIL)
    response = tap(sheet_id, htmx=False, winner="B")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/s/{sheet_id}/edit"
    for path in (f"/s/{sheet_id}/edit", f"/s/{sheet_id}", f"/s/{sheet_id}/print"):
        html = client.get(path).text
        assert EVIL not in html
        assert ESCAPED in html
    view = client.get(f"/s/{sheet_id}").text
    assert 'id="entry-form"' not in view and "/games/" not in view
    assert '<span class="five">++++</span>' in view


# --- Bolachen ----------------------------------------------------------------------------


def test_bolachen_page_and_fragment(client, deals):
    sheet_id = deals()
    page = client.get(f"/s/{sheet_id}/edit")
    fragment = client.get(f"/s/{sheet_id}/edit", headers=HX)
    assert page.text.startswith("<!DOCTYPE html>")
    assert fragment.text.lstrip().startswith('<div id="board"')
    for response in (page, fragment):
        html = response.text
        assert html.count('class="player-name"') == 3
        assert "Spiel 1 · Hans gibt · Vorhand: Grete" in " ".join(
            re.sub(r"<[^>]+>", "", html).split()
        )
        # The bids in the ranking order, the Bavarian suits, with their values.
        bids = re.findall(r'name="bid" value="([\w:]+)"', html)
        assert bids == [
            "mord",
            "bettel",
            "brand:herz",
            "brand:schellen",
            "brand:gras",
            "brand:eichel",
        ]
        labels = re.findall(r'<span class="name">(Brand \w+|Mord|Bettel)</span>', html)
        assert labels == [
            "Mord",
            "Bettel",
            "Brand Herz",
            "Brand Schellen",
            "Brand Gras",
            "Brand Eichel",
        ]
        assert "Wert 3" in html
        assert re.findall(r'name="declarer" value="(\d)"', html) == ["0", "1", "2"]
        assert 'name="won" value="1"' in html and 'name="won" value="0"' in html
        assert 'name="team"' not in html and 'name="winner"' not in html


def test_bolachen_records_in_three_taps_or_by_tricks(app, client, deals, tap):
    sheet_id = deals()
    response = tap(sheet_id, declarer="0", bid="brand:herz", won="1")
    assert response.status_code == 200
    assert re.search(r"Spiel 1: .+ eingetragen", response.text)
    tap(sheet_id, declarer="1", bid="mord", won="0")
    response = tap(sheet_id, declarer="2", bid="bettel", by="tricks", tricks="0")
    _, replayed = state(app, sheet_id)
    assert [g["entry"] for g in replayed["games"]] == [
        {"declarer": 0, "contract": "brand", "trump": "herz", "won": True},
        {"declarer": 1, "contract": "mord", "won": False},
        {"declarer": 2, "contract": "bettel", "tricks": 0},
    ]
    assert replayed["current"]["totals"] == [3, -9, 6]
    # The tap's answer carries the new deal; the earlier ones are on the pad.
    assert "<bdi>Karl</bdi>: </span>Bettel, 0 Stiche, gewonnen" in response.text
    # Its confirmation names it in its row's words, the outcome the tricks gave too.
    assert "Spiel 3: <bdi>Karl</bdi>: Bettel, 0 Stiche, gewonnen eingetragen" in response.text
    assert "<bdi>Hans</bdi>: </span>Brand Herz" not in response.text
    html = client.get(f"/s/{sheet_id}/edit").text
    # The declarer's column is marked; the line names the declarer for screen readers.
    assert "<bdi>Hans</bdi>: </span>Brand Herz, gewonnen" in html
    assert "<bdi>Grete</bdi>: </span>Mord, verloren" in html
    assert "<bdi>Karl</bdi>: </span>Bettel, 0 Stiche, gewonnen" in html
    assert f'<div class="total">{MINUS}9</div>' in html
    assert '<div class="total">6</div>' in html


@pytest.mark.parametrize(
    ("data", "field_name", "words"),
    [
        ({"bid": "mord", "won": "1"}, "declarer", "Wähle, wer gespielt hat."),
        ({"declarer": "3", "bid": "mord", "won": "1"}, "declarer", "Wähle, wer gespielt hat."),
        ({"declarer": "0", "won": "1"}, "bid", "Wähle das Spiel"),
        ({"declarer": "0", "bid": "brand", "won": "1"}, "bid", "Wähle das Spiel"),
        ({"declarer": "0", "bid": "mord:herz", "won": "1"}, "bid", "Wähle das Spiel"),
        ({"declarer": "0", "bid": "brand:laub", "won": "1"}, "bid", "Wähle das Spiel"),
        ({"declarer": "0", "bid": "mord", "by": "tricks"}, "tricks", "Wähle die Stiche"),
        ({"declarer": "0", "bid": "mord", "tricks": "11"}, "tricks", "Wähle die Stiche"),
    ],
)
def test_bolachen_refusals_beside_the_field(app, client, deals, tap, data, field_name, words):
    sheet_id = deals()
    response = tap(sheet_id, **data)
    assert response.status_code == 422
    shown = errors_of(response.text)
    assert list(shown) == [field_name]
    assert words in shown[field_name]
    assert state(app, sheet_id)[0].entries == ()
    # What was chosen stays chosen.
    if data.get("bid") == "mord":
        assert re.search(r'id="bid-mord"[^>]*checked', response.text)


def test_bolachen_hard_score_in_euros_and_the_limit(app, client, deals, tap):
    sheet_id = deals(preset="hard", mord_pays_five="1", limit="1,00")
    html = client.get(f"/s/{sheet_id}/edit").text
    assert 'data-won="+1,00 €"' in html  # a Mord pays five: 50 cents from each
    assert "0,10 €" in html
    assert "Limit 1,00 €" in html
    response = tap(sheet_id, declarer="0", bid="brand:herz", won="0")
    assert f'<div class="total money">{MINUS}0,20 €</div>' in response.text
    assert '<div class="total money">0,10 €</div>' in response.text
    assert f"{MINUS}0,20" in response.text.split('class="pad"')[1]
    response = tap(sheet_id, declarer="2", bid="mord", won="1")
    assert "Limit erreicht!" in response.text
    assert "<bdi>Karl</bdi> hat das Limit von 1,00 € erreicht" in response.text
    assert "Limit 1,00 € erreicht: Karl (1,10 €)" in response.text
    assert re.search(
        r'<fieldset class="deal" disabled aria-describedby="limit-why">', response.text
    )
    # A post made by hand is refused in words.
    refused = tap(sheet_id, declarer="0", bid="mord", won="1")
    assert refused.status_code == 422
    assert "Spiel 3: Der Abend ist mit Spiel 2 zu Ende" in errors_of(refused.text)["won"]
    client.get("/lang/en")
    english = tap(sheet_id, declarer="0", bid="mord", won="1")
    assert "Game 3: the evening ended at game 2" in errors_of(english.text)["won"]
    _, replayed = state(app, sheet_id)
    assert replayed["current"]["totals"] == [-70, -40, 110]


def test_bolachen_amend_an_old_deal(app, client, deals, tap):
    sheet_id = deals()
    tap(sheet_id, declarer="0", bid="brand:gras", by="tricks", tricks="7")
    tap(sheet_id, declarer="1", bid="bettel", won="1")
    opened = client.get(f"/s/{sheet_id}/games/1", headers=HX)
    assert "Spiel 1 ändern" in opened.text
    assert "Bisher: <bdi>Hans</bdi>: Brand Gras, 7 Stiche · <bdi>Hans</bdi> gab" in opened.text
    assert re.search(r'id="declarer0"[^>]*checked', opened.text)
    assert re.search(r'id="bid-brand-gras"[^>]*checked', opened.text)
    assert re.search(r'id="tricks7"[^>]*checked', opened.text)
    form = entry_form(opened.text)
    data = {**form, "declarer": "2", "bid": "brand:eichel", "won": "0"}
    response = client.post(f"/s/{sheet_id}/games/1", data=data, headers=HX)
    assert "Spiel 1 geändert." in response.text
    _, replayed = state(app, sheet_id)
    assert replayed["games"][0]["entry"] == {
        "declarer": 2,
        "contract": "brand",
        "trump": "eichel",
        "won": False,
    }
    assert replayed["current"]["totals"] == [-1, 5, -4]


def test_bolachen_stale_write_keeps_the_choices(app, client, deals, tap):
    sheet_id = deals()
    old = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    tap(sheet_id, declarer="0", bid="mord", won="1")
    data = {**old, "declarer": "1", "bid": "bettel", "won": "1"}
    response = client.post(f"/s/{sheet_id}/games", data=data, headers=HX)
    assert response.status_code == 412
    assert re.search(r'id="declarer1"[^>]*checked', response.text)
    assert re.search(r'id="bid-bettel"[^>]*checked', response.text)
    assert len(state(app, sheet_id)[0].entries) == 1


def test_bolachen_read_only_view_and_polling(client, deals, tap):
    sheet_id = deals()
    fragment = client.get(f"/s/{sheet_id}", headers=HX)
    assert 'id="entry-form"' not in fragment.text and "/games/" not in fragment.text
    assert fragment.text.count('class="player-name"') == 3
    etag = fragment.headers["ETag"]
    poll = client.get(f"/s/{sheet_id}", headers={**HX, "If-None-Match": etag})
    assert poll.status_code == 304
    tap(sheet_id, declarer="2", bid="brand:eichel", won="1")
    poll = client.get(f"/s/{sheet_id}", headers={**HX, "If-None-Match": etag})
    assert poll.status_code == 200
    assert "<bdi>Karl</bdi>: </span>Brand Eichel, gewonnen" in poll.text


def test_bolachen_names_are_escaped(client, deals, tap):
    sheet_id = deals(players=[EVIL, "Grete", "Karl"], title=EVIL, preset="hard", limit="0,10")
    tap(sheet_id, declarer="0", bid="brand:herz", won="1")
    for path in (f"/s/{sheet_id}/edit", f"/s/{sheet_id}", f"/s/{sheet_id}/print", "/"):
        html = client.get(path).text
        assert EVIL not in html
        assert ESCAPED in html
    html = client.get(f"/s/{sheet_id}/edit").text
    assert f"<bdi>{ESCAPED}</bdi> hat das Limit" in html
    assert f"<bdi>{ESCAPED}</bdi>: </span>Brand Herz, gewonnen" in html


# --- both: print view, exports, the card-point preview -------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "entry", "shown"),
    [
        ("bauerschspiel", FOUR, {"winner": "B"}, "Striche 6:4"),
        ("bolachen", THREE, {"declarer": "1", "bid": "mord", "won": "1"}, "<bdi>Grete</bdi> 6 ·"),
    ],
)
def test_print_view_and_exports(client, new_sheet, tap, game, players, entry, shown):
    preset = {"bauerschspiel": "dillkreis", "bolachen": "soft"}[game]
    sheet_id = new_sheet(players=players, game=game, preset=preset, title="Abend")
    tap(sheet_id, **entry)
    page = client.get(f"/s/{sheet_id}/print")
    assert page.status_code == 200
    assert 'id="entry-form"' not in page.text
    assert shown in " ".join(page.text.split())
    csv_export = client.get(f"/s/{sheet_id}/export.csv")
    assert csv_export.status_code == 200
    text = csv_export.data.decode("utf-8-sig")
    header, *rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert len(rows) == 1
    # The page's CSV is for people: the pad's columns in German words.
    assert (header[:2], header[-1]) == (["Nr.", "Geber"], "Ereignisse")
    pdf = client.get(f"/s/{sheet_id}/export.pdf")
    assert pdf.mimetype == "application/pdf" and pdf.data.startswith(b"%PDF")
    document = client.get(f"/s/{sheet_id}/export.json").json
    assert document["game"] == game and len(document["games"]) == 1
    preview = {"csrf_token": csrf(client), "cp": "70"}
    assert client.post(f"/s/{sheet_id}/preview", data=preview).status_code == 404


@pytest.mark.parametrize(
    ("game", "players", "preset"),
    [("bauerschspiel", FOUR, "dillkreis"), ("bolachen", THREE, "hard")],
)
def test_first_load_stays_under_40_kb(client, new_sheet, game, players, preset):
    sheet_id = new_sheet(players=players, game=game, preset=preset)
    gzip = {"Accept-Encoding": "gzip, deflate"}
    total = len(client.get(f"/s/{sheet_id}/edit", headers=gzip).data)
    html = client.get(f"/s/{sheet_id}/edit").text
    for path in re.findall(r'(?:src|href)="(/static/[^"]+)"', html):
        with client.get(path, headers=gzip) as asset:
            total += len(asset.data)
    assert total <= 40_000, total


def test_every_game_a_sheet_can_keep_has_its_pad():
    assert set(PADS) == set(GAMES)
