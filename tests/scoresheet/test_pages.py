"""The score sheet through Flask's test client: every route, htmx and plain."""

import gzip
import json
import re
import urllib.parse

import brotli
import pytest
from werkzeug.http import parse_options_header

from bauerblock import scoresheet, store
from bauerblock.web.assets import BUNDLES
from bauerblock.web.guards import CONTENT_SECURITY_POLICY
from tests.pages import PLAYERS, csrf, entry_form, field

HX = {"HX-Request": "true"}


def state(app, sheet_id):
    with app.app_context():
        sheet = store.load_sheet(store.get_db(), sheet_id)
        return sheet, store.replay(sheet)


# --- start page ------------------------------------------------------------------------


def test_start_page_is_german_by_default(client):
    response = client.get("/")
    assert response.status_code == 200
    assert 'lang="de"' in response.text
    assert "Neuer Block" in response.text
    assert 'name="player3"' in response.text
    # Partners made obvious: seats 1 and 3 are team A.
    assert "Platz 1 und 3 sind Team A" in response.text
    assert 'name="game" value="bauerchen"' in response.text
    # Every game is offered, none disabled (test_cousins.py has their forms).
    for game in ("bauerchen", "bauerschspiel", "bolachen"):
        assert re.search(
            rf'<a class="game-choice" id="game-{game}" href="/\?game={game}"', response.text
        )
    assert "disabled" not in response.text


def test_start_page_in_english_from_accept_language(client):
    response = client.get("/", headers={"Accept-Language": "en-GB,en;q=0.8"})
    assert 'lang="en"' in response.text
    assert "New pad" in response.text
    assert "Neuer Block" not in response.text


def test_unknown_language_falls_back_to_german(client):
    response = client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert 'lang="de"' in response.text


def test_language_switch_sets_a_cookie_and_goes_back(client):
    response = client.get("/lang/en?next=/s/abc")
    assert response.status_code == 303
    assert response.headers["Location"] == "/s/abc"
    assert "lang=en" in response.headers["Set-Cookie"]
    page = client.get("/", headers={"Accept-Language": "de"})
    assert 'lang="en"' in page.text
    assert client.get("/lang/de").headers["Location"] == "/"


def test_language_switch_refuses_foreign_targets(client):
    for target in ("https://evil.example/", "//evil.example/x", "/\\evil"):
        response = client.get("/lang/en", query_string={"next": target})
        assert response.headers["Location"] == "/"
    assert client.get("/lang/fr").status_code == 404


def test_create_redirects_to_the_edit_view(client, app):
    data = {"csrf_token": csrf(client), "first_dealer": "2", "title": "Stammtisch"}
    data.update({f"player{seat}": name for seat, name in enumerate(PLAYERS)})
    data.update({"preset": "siegelbach", "forty_rule": "1", "ledig": "1"})
    response = client.post("/s", data=data)
    assert response.status_code == 303
    sheet_id = response.headers["Location"].split("/")[2]
    sheet, _ = state(app, sheet_id)
    assert sheet.players == tuple(PLAYERS)
    assert sheet.first_dealer == 2
    assert sheet.title == "Stammtisch"
    assert sheet.rules.preset == "siegelbach"
    assert sheet.rules.carry_over and sheet.rules.forty_rule and not sheet.rules.solo_in_decider
    page = client.get(response.headers["Location"])
    assert page.status_code == 200
    assert "Stammtisch" in page.text
    # The start page lists the sheet as opened on this device.
    assert "Stammtisch" in client.get("/").text


def test_bad_start_form_shows_the_message_beside_the_field(client):
    data = {"csrf_token": csrf(client), "player1": "x" * 41, "first_dealer": "7"}
    response = client.post("/s", data=data)
    assert response.status_code == 422
    assert 'id="player1-error"' in response.text
    assert "Höchstens 40 Zeichen." in response.text
    assert 'id="first_dealer-error"' in response.text
    # What was typed stays.
    assert 'value="' + "x" * 41 + '"' in response.text


def test_games_without_an_engine_are_refused(client):
    response = client.post("/s", data={"csrf_token": csrf(client), "game": "skat"})
    assert response.status_code == 422
    assert 'id="game-error"' in response.text


# --- security ------------------------------------------------------------------------------


def test_posts_without_csrf_token_are_refused(client, new_sheet):
    assert client.post("/s", data={"player0": "Hans"}).status_code == 403
    sheet_id = new_sheet()
    form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    del form["csrf_token"]
    response = client.post(f"/s/{sheet_id}/games", data={**form, "result": "A:frei"})
    assert response.status_code == 403
    wrong = {**form, "csrf_token": "forged", "result": "A:frei"}
    assert client.post(f"/s/{sheet_id}/games", data=wrong).status_code == 403


def test_csrf_token_in_header_is_accepted(client, new_sheet):
    sheet_id = new_sheet()
    form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    token = form.pop("csrf_token")
    headers = {**HX, "X-CSRF-Token": token}
    response = client.post(
        f"/s/{sheet_id}/games", data={**form, "result": "B:frei"}, headers=headers
    )
    assert response.status_code == 200


def test_body_sends_the_csrf_token_to_htmx(client):
    html = client.get("/").text
    token = field(html, "csrf_token")
    headers = re.search(r"<body hx-headers='([^']*)'", html).group(1)
    assert json.loads(headers) == {"X-CSRF-Token": token}


def test_security_headers(client, new_sheet):
    sheet_id = new_sheet()
    for path in ("/", f"/s/{sheet_id}", f"/s/{sheet_id}/edit", "/no-such-page"):
        response = client.get(path)
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_pages_have_no_inline_script_or_style(client, new_sheet):
    sheet_id = new_sheet()
    for path in ("/", f"/s/{sheet_id}", f"/s/{sheet_id}/edit", f"/s/{sheet_id}/print"):
        html = client.get(path).text
        assert not re.search(r"<script(?![^>]*\bsrc=)", html)
        assert "<style" not in html
        assert " style=" not in html
        assert not re.search(r"\son[a-z]+=", html)
        # htmx comes with its settings (no eval, no indicator styles), set before it reads it;
        # a sheet's page loads no htmx: the board's own swapper takes its attributes.
        script = re.search(r'<script src="/static/([^"?]+)', html)
        assert script, path
        parts = BUNDLES[script[1]]
        if path.startswith(f"/s/{sheet_id}") and not path.endswith("/print"):
            assert script[1] == "app-bauerchen.js" and "swap.js" in parts, path
            assert not [part for part in parts if "htmx" in part], path
        else:
            assert parts[:2] == ("htmx.min.js", "htmx_config.js"), path


def test_names_and_titles_are_escaped(client, new_sheet):
    evil = "<script>alert(1)</script>"
    sheet_id = new_sheet(players=[evil, "Grete", "Karl", "Lise"], title=evil)
    for path in (f"/s/{sheet_id}", f"/s/{sheet_id}/edit", f"/s/{sheet_id}/print", "/"):
        html = client.get(path).text
        assert evil not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_session_cookie_is_lax_and_http_only(client):
    cookie = client.get("/").headers["Set-Cookie"]
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie


# --- edit link and read-only view ------------------------------------------------------


def make_with_token(app):
    with app.app_context():
        sheet, token = store.create_sheet(store.get_db(), "bauerchen", players=PLAYERS)
    return sheet.id, token


@pytest.mark.parametrize("link", ["/s/{id}/edit?token={token}", "/s/{id}/edit/{token}"])
def test_edit_link_answers_with_the_pad_and_keeps_the_right(app, client, link):
    sheet_id, token = make_with_token(app)
    assert client.get(f"/s/{sheet_id}/edit").status_code == 403
    response = client.get(link.format(id=sheet_id, token=token))
    # The pad itself, not a redirect: no round trip more for the QR code's phone.
    assert response.status_code == 200
    assert 'id="entry-form"' in response.text
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["Cache-Control"] == "no-store"
    # The page links back to its own address, never to the link (the language switch).
    assert f'next=/s/{sheet_id}/edit"' in response.text
    # The token is in the share section's link alone (for another phone to scan).
    assert response.text.count(token) == response.text.count(f'/edit/{token}" rel="nofollow"') == 1
    page = client.get(f"/s/{sheet_id}/edit")
    assert page.status_code == 200
    assert 'id="entry-form"' in page.text


def test_wrong_token_is_refused(app, client):
    sheet_id, _ = make_with_token(app)
    response = client.get(f"/s/{sheet_id}/edit?token=wrong")
    assert response.status_code == 403
    assert f'href="/s/{sheet_id}"' in response.text


def test_writes_need_the_edit_right(app, client):
    sheet_id, _ = make_with_token(app)
    data = {"csrf_token": csrf(client), "result": "A:frei"}
    assert client.post(f"/s/{sheet_id}/games", data=data).status_code == 403
    assert client.post(f"/s/{sheet_id}/games/1/delete", data=data).status_code == 403


def test_read_only_view_has_no_controls_and_no_token(app, client):
    sheet_id, token = make_with_token(app)
    client.get(f"/s/{sheet_id}/edit?token={token}")
    tap_data = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    client.post(f"/s/{sheet_id}/games", data={**tap_data, "result": "A:frei"})
    page = client.get(f"/s/{sheet_id}")
    assert page.status_code == 200
    assert token not in page.text
    assert 'id="entry-form"' not in page.text
    assert "/games/" not in page.text
    assert "A frei" in page.text
    # The edit view shows the edit link (for its QR code); the read-only one never.
    assert token in client.get(f"/s/{sheet_id}/edit").text


def test_unknown_sheet_is_404_html(client):
    response = client.get("/s/nope")
    assert response.status_code == 404
    assert response.mimetype == "text/html"


# --- htmx fragments, polling ------------------------------------------------------------


def test_page_vs_fragment(client, new_sheet):
    sheet_id = new_sheet()
    for path in (f"/s/{sheet_id}", f"/s/{sheet_id}/edit"):
        page = client.get(path)
        fragment = client.get(path, headers=HX)
        assert page.text.startswith("<!DOCTYPE html>")
        assert fragment.text.lstrip().startswith('<div id="board"')
        assert "<html" not in fragment.text
        for response in (page, fragment):
            assert "HX-Request" in response.headers["Vary"]
            assert response.headers["Cache-Control"] == "no-store"


def test_poll_is_answered_304_until_the_sheet_changes(client, new_sheet, tap):
    sheet_id = new_sheet()
    fragment = client.get(f"/s/{sheet_id}", headers=HX)
    etag = fragment.headers["ETag"]
    assert etag.startswith('W/"')
    poll = client.get(f"/s/{sheet_id}", headers={**HX, "If-None-Match": etag})
    assert poll.status_code == 304
    assert poll.data == b""
    # sheet.js polls the poller's address with the board's tag while the page is visible.
    board_tag = re.search(r'data-etag="([^"]+)"', fragment.text).group(1)
    assert f'W/"{board_tag}"' == etag
    assert re.search(rf'class="poller"[^>]* data-url="/s/{sheet_id}" data-every="3"', fragment.text)
    tap(sheet_id, result="A:frei")
    poll = client.get(f"/s/{sheet_id}", headers={**HX, "If-None-Match": etag})
    assert poll.status_code == 200
    assert "A frei" in poll.text


# --- recording ----------------------------------------------------------------------------


def test_tap_records_a_game_and_returns_the_board(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    response = tap(sheet_id, result="A:schneider")
    assert response.status_code == 200
    # What changed, swapped out of band: the board itself stays.
    assert response.headers["HX-Reswap"] == "none"
    assert '<div id="board"' not in response.text
    assert 'id="pad" class="pad" aria-labelledby="pad-h" hx-swap-oob="true"' in response.text
    assert re.search(r"Spiel 1: .+ eingetragen", response.text)
    assert "Rückgängig" in response.text
    _, replayed = state(app, sheet_id)
    # First dealer seat 0: forehand seat 1, so B is home and A wins away: (2 + 1).
    assert replayed["games"][0]["points"] == {"A": 3, "B": 0}


def test_buttons_show_points_with_spritz_and_home(client, new_sheet):
    sheet_id = new_sheet()
    html = client.get(f"/s/{sheet_id}/edit").text
    buttons = re.findall(r'name="result" value="([AB]):(\w+)".*?data-base="(\d)"', html, re.S)
    # Team A's row first, every game; B is home in game 1, so A's wins give the away bonus.
    assert buttons == [
        ("A", "frei", "2"),
        ("A", "schneider", "3"),
        ("A", "schwarz", "4"),
        ("B", "frei", "1"),
        ("B", "schneider", "2"),
        ("B", "schwarz", "3"),
    ]
    said = re.findall(r'<span class="who">(.*?)</span>', html)
    assert said == ["Auswärts (A)"] * 3 + ["Heim (B)"] * 3


def test_spritz_and_meld(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    tap(sheet_id, result="B:frei", spritz="2", melds_A=["20"], melds_B=["40"])
    _, replayed = state(app, sheet_id)
    game = replayed["games"][0]
    assert game["entry"] == {
        "result": {"winner": "B", "band": "frei"},
        "melds": [{"team": "A", "kind": "20"}, {"team": "B", "kind": "40"}],
        "spritz": 2,
    }
    assert game["points"] == {"A": 1, "B": 4 + 2}


def test_card_points_and_preview(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    token = csrf(client)
    # The preview is a post: the form's CSRF token and key never go into an address.
    assert client.get(f"/s/{sheet_id}/preview", query_string={"cp": "72"}).status_code == 405
    form = {"csrf_token": token, "cp_team": "B", "cp": "72"}
    preview = client.post(f"/s/{sheet_id}/preview", data=form, headers=HX)
    assert preview.status_code == 200
    assert "58 Augen" in preview.text
    assert "Team B gewinnt frei" in preview.text
    bad = client.post(f"/s/{sheet_id}/preview", data={**form, "cp": "5"})
    assert "kann nicht 5 Augen haben" in bad.text
    assert client.post(f"/s/{sheet_id}/preview", data={"cp": "72"}).status_code == 403
    response = tap(sheet_id, cards="1", cp_team="B", cp="72")
    assert response.status_code == 200
    _, replayed = state(app, sheet_id)
    assert replayed["games"][0]["entry"] == {"card_points": {"B": 72}}


def test_impossible_card_points_are_refused_beside_the_field(client, new_sheet, tap):
    sheet_id = new_sheet()
    response = tap(sheet_id, cards="1", cp_team="A", cp="5")
    assert response.status_code == 422
    assert 'id="cards-error"' in response.text
    assert "kann nicht 5 Augen haben" in response.text
    assert 'value="5"' in response.text
    empty = tap(sheet_id, cards="1", cp_team="A", cp="")
    assert empty.status_code == 422
    assert "Trage die Augen" in empty.text


@pytest.mark.parametrize("points", ["-5", "200"])
def test_card_points_out_of_range_are_refused_in_words_that_say_so(client, new_sheet, tap, points):
    # Posted without the browser's min and max: a whole number, but no team's points.
    sheet_id = new_sheet()
    response = tap(sheet_id, cards="1", cp_team="A", cp=points)
    assert response.status_code == 422
    said = re.search(r'id="cards-error"[^>]*>(.*?)</', response.text, re.S)
    assert said and f"kann nicht {points} Augen haben" in said.group(1)


def test_meld_cap_refused_in_words_and_forty_disabled(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    # B home at 0: B wins schwarz with spritz ×2 = 6, plus a 40 and a 20... stay below 12.
    tap(sheet_id, result="B:schwarz", spritz="1", melds_B=["40", "20"])  # B: 6 + 3 = 9
    tap(sheet_id, result="B:frei")  # A home now; B wins away: 2 -> B 11
    html = client.get(f"/s/{sheet_id}/edit").text
    assert re.search(r'id="mB40"[^>]*disabled', html)
    assert "ein 40er ginge über 12" in html
    # The disabled box does not stop a hand-made post: the engine refuses it in words.
    response = tap(sheet_id, result="A:frei", melds_B=["40"])
    assert response.status_code == 422
    assert 'id="melds-error"' in response.text
    assert "Team B käme mit diesem 40er auf 13" in response.text
    twice = tap(sheet_id, result="A:frei", melds_B=["20", "20"])
    assert "Team B hat die Runde schon mit einer Meldung gewonnen" in twice.text


def test_refusal_in_english(client, new_sheet, tap):
    sheet_id = new_sheet()
    client.get("/lang/en")
    response = tap(sheet_id, cards="1", cp_team="A", cp="5")
    assert "Team A cannot have taken 5 card points" in response.text
    assert 'lang="en"' in client.get(f"/s/{sheet_id}/edit").text


def test_solo(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    tap(sheet_id, solo="A:won")
    _, replayed = state(app, sheet_id)
    assert replayed["games"][0]["points"] == {"A": 12, "B": 0}
    assert replayed["rounds"][0]["winner"] == "A"
    html = client.get(f"/s/{sheet_id}/edit").text
    assert "Runde 1 an Team A" in html
    assert "Knoddel für B" in html


def test_resent_form_is_recorded_once(app, client, new_sheet):
    sheet_id = new_sheet()
    form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    first = client.post(f"/s/{sheet_id}/games", data={**form, "result": "A:frei"}, headers=HX)
    again = client.post(f"/s/{sheet_id}/games", data={**form, "result": "A:frei"}, headers=HX)
    assert first.status_code == again.status_code == 200
    sheet, _ = state(app, sheet_id)
    assert len(sheet.entries) == 1
    other = client.post(f"/s/{sheet_id}/games", data={**form, "result": "B:frei"}, headers=HX)
    # The key reused with another game: 422, as the API answers it (the refusal map).
    assert other.status_code == 422
    assert "schon mit anderen Angaben geschickt" in other.text
    assert len(state(app, sheet_id)[0].entries) == 1


def test_stale_write_is_refused_with_the_fresh_state(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    old_form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    tap(sheet_id, result="A:frei")  # another phone, meanwhile
    response = client.post(
        f"/s/{sheet_id}/games", data={**old_form, "result": "B:frei", "spritz": "1"}, headers=HX
    )
    assert response.status_code == 412
    assert "Ein anderes Handy hat inzwischen eingetragen" in response.text
    assert "A frei" in response.text
    # The modifier chosen stays set for the new tap.
    assert re.search(r'id="spritz1" name="spritz" value="1" checked', response.text)
    assert len(state(app, sheet_id)[0].entries) == 1


def test_no_js_post_redirects_and_shows_the_undo_bar(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    response = tap(sheet_id, htmx=False, result="A:frei")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/s/{sheet_id}/edit"
    page = client.get(f"/s/{sheet_id}/edit")
    assert "Spiel 1: A frei +2 eingetragen" in page.text
    # Shown once.
    assert "Spiel 1: A frei +2 eingetragen" not in client.get(f"/s/{sheet_id}/edit").text


def test_no_js_refusal_renders_the_full_page(client, new_sheet, tap):
    sheet_id = new_sheet()
    response = tap(sheet_id, htmx=False, cards="1", cp_team="A", cp="3")
    assert response.status_code == 422
    assert response.text.startswith("<!DOCTYPE html>")
    assert 'id="cards-error"' in response.text


# --- undo, amend, delete -----------------------------------------------------------------


def undo_form(html):
    form = html[html.index('class="banner ok undo"') :]
    action = re.search(r'action="([^"]+)"', form).group(1)
    return action, {"csrf_token": field(form, "csrf_token"), "version": field(form, "version")}


def test_undo_deletes_the_game_just_recorded(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    tap(sheet_id, result="A:frei")
    response = tap(sheet_id, result="B:frei")
    action, data = undo_form(response.text)
    assert action == f"/s/{sheet_id}/games/2/delete"
    undone = client.post(action, data=data, headers=HX)
    assert undone.status_code == 200
    assert "Spiel 2 gelöscht." in undone.text
    assert len(state(app, sheet_id)[0].entries) == 1
    # The same undo again never deletes game 1.
    again = client.post(action, data=data, headers=HX)
    # Stale and gone, as the API answers a stale delete of a game that is gone: 412.
    assert again.status_code == 412
    assert "Spiel 2 gibt es nicht mehr." in again.text
    assert len(state(app, sheet_id)[0].entries) == 1


def test_amend_an_old_game(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    tap(sheet_id, result="A:frei")
    tap(sheet_id, result="B:frei")
    opened = client.get(f"/s/{sheet_id}/games/1", headers=HX)
    assert opened.status_code == 200
    assert "Spiel 1 ändern" in opened.text
    assert f'action="/s/{sheet_id}/games/1"' in opened.text
    form = entry_form(opened.text)
    response = client.post(
        f"/s/{sheet_id}/games/1", data={**form, "result": "B:schwarz"}, headers=HX
    )
    assert response.status_code == 200
    assert "Spiel 1 geändert." in response.text
    _, replayed = state(app, sheet_id)
    assert replayed["games"][0]["entry"] == {"result": {"winner": "B", "band": "schwarz"}}
    assert len(replayed["games"]) == 2


def test_amend_refusal_is_shown_in_words(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    tap(sheet_id, result="B:schwarz", spritz="1")  # B 6
    tap(sheet_id, result="B:frei")  # B 8 (away win)
    tap(sheet_id, result="B:frei")  # B 9 (home)
    form = entry_form(client.get(f"/s/{sheet_id}/games/1").text)
    # Game 1 with spritz ×4 gives B 12 and ends the round; later games then replay fine,
    # so make game 2 illegal instead: B at 11 after game 1 cannot meld a 40 in game 2.
    response = client.post(
        f"/s/{sheet_id}/games/1",
        data={**form, "result": "B:schwarz", "spritz": "0", "melds_B": ["40", "40"]},
        headers=HX,
    )
    assert response.status_code == 422
    assert "Spiel 1" in response.text
    assert 'id="melds-error"' in response.text


def test_delete_an_old_game(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    tap(sheet_id, result="A:frei")
    tap(sheet_id, result="B:frei")
    form = entry_form(client.get(f"/s/{sheet_id}/games/1").text)
    response = client.post(f"/s/{sheet_id}/games/1/delete", data=form)
    assert response.status_code == 303
    _, replayed = state(app, sheet_id)
    assert [g["entry"] for g in replayed["games"]] == [{"result": {"winner": "B", "band": "frei"}}]


def test_amend_without_js_is_a_page(client, new_sheet, tap):
    sheet_id = new_sheet()
    tap(sheet_id, result="A:frei")
    page = client.get(f"/s/{sheet_id}/games/1")
    assert page.text.startswith("<!DOCTYPE html>")
    assert "Spiel 1 ändern" in page.text
    assert client.get(f"/s/{sheet_id}/games/9").status_code == 404


# --- exports, print, share ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "mimetype"),
    [("csv", "text/csv"), ("pdf", "application/pdf"), ("json", "application/json")],
)
def test_exports(client, new_sheet, tap, fmt, mimetype):
    sheet_id = new_sheet(title="Stammtisch")
    tap(sheet_id, result="A:frei")
    response = client.get(f"/s/{sheet_id}/export.{fmt}")
    assert response.status_code == 200
    assert response.mimetype == mimetype
    kind, options = parse_options_header(response.headers["Content-Disposition"])
    assert kind == "attachment"
    assert options["filename"].startswith("Stammtisch-")
    assert options["filename"].endswith(f".{fmt}")
    assert client.get(f"/s/{sheet_id}/export.xls").status_code == 404


def test_print_view(client, new_sheet, tap):
    sheet_id = new_sheet()
    tap(sheet_id, result="A:frei")
    page = client.get(f"/s/{sheet_id}/print")
    assert page.status_code == 200
    assert "A frei" in page.text
    assert 'id="entry-form"' not in page.text


def test_share_qr_codes(app, client, new_sheet):
    sheet_id = new_sheet()
    edit = client.get(f"/s/{sheet_id}/edit").text
    # Images loaded when the share section opens (sheet.js): the first visit stays small.
    codes = re.findall(r'<img class="qr" data-src="([^"]+)"[^>]*loading="lazy">', edit)
    assert codes == [f"/s/{sheet_id}/qr/view.svg", f"/s/{sheet_id}/qr/edit.svg"]
    view = client.get(f"/s/{sheet_id}").text
    assert re.findall(r'<img class="qr" data-src="([^"]+)"', view) == [f"/s/{sheet_id}/qr/view.svg"]
    assert f"http://localhost/s/{sheet_id}" in view
    for code in codes:
        answer = client.get(code)
        assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
        assert (
            answer.data.startswith(b"<svg") and b'xmlns="http://www.w3.org/2000/svg"' in answer.data
        )
    assert client.get(codes[1]).headers["Cache-Control"] == "no-store"
    # The edit link's code only for a session with the edit right.
    other = app.test_client()
    assert other.get(codes[1]).status_code == 403
    assert other.get(codes[0]).status_code == 200


def test_pages_are_compressed_and_static_files_precompressed(client, new_sheet):
    sheet_id = new_sheet()
    response = client.get(f"/s/{sheet_id}/edit", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    with client.get("/static/app.js", headers={"Accept-Encoding": "identity"}) as plain:
        assert "Content-Encoding" not in plain.headers
        script = plain.data
    source = (scoresheet.STATIC / "sheet.js").read_bytes()
    # The pad's scripts are minified into one with htmx: no comment is left of them.
    assert b"// Bauerblock score sheet" in source
    assert b"// Bauerblock score sheet" not in script
    assert b"htmx" in script and b"Outbox" in script and b"Pad" in script
    for accepted, encoding, decode in (
        ("gzip, deflate", "gzip", gzip.decompress),
        ("gzip, deflate, br", "br", brotli.decompress),
    ):
        with client.get("/static/app.js", headers={"Accept-Encoding": accepted}) as js:
            assert js.headers["Content-Encoding"] == encoding
            assert "Accept-Encoding" in js.headers["Vary"]
            assert decode(js.data) == script
            assert len(js.data) < len(script) / 3
    # A file made ahead of time, sent as it is: the same bytes each time.
    sent = []
    for _ in range(2):
        with client.get("/static/sheet.css", headers={"Accept-Encoding": "br"}) as css:
            sent.append(css.data)
    assert sent[0] == sent[1] and brotli.decompress(sent[0]).startswith(b"/*") is False


def test_static_files_carry_no_document_headers(client):
    with client.get("/static/app.js") as js:
        assert js.headers["X-Content-Type-Options"] == "nosniff"
        for header in ("Content-Security-Policy", "X-Frame-Options", "Referrer-Policy"):
            assert header not in js.headers
    page = client.get("/")
    assert page.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert page.headers["X-Frame-Options"] == "DENY"


def test_the_icon_is_part_of_the_page_not_a_request(client):
    html = client.get("/").text
    icon = re.search(r'<link rel="icon" href="(data:image/svg\+xml,[^"]+)"', html)
    assert icon, "no icon in the page"
    svg = urllib.parse.unquote(icon.group(1).partition(",")[2])
    assert svg.startswith("<svg xmlns='http://www.w3.org/2000/svg'") and svg.endswith("</svg>")
    assert "#0b4f9c" in svg


def test_static_files_are_linked_by_content_and_kept_a_year(client):
    html = client.get("/").text
    links = re.findall(r'(?:src|href)="(/static/[^"?]+)\?v=([0-9a-f]{12})"', html)
    assert {path for path, _ in links} == {"/static/sheet.css", "/static/app.js"}
    for path, version in links:
        with client.get(f"{path}?v={version}") as kept:
            assert kept.status_code == 200
            assert kept.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    # Another version, or none, is not this content: the browser must ask again.
    for query in ("", "?v=000000000000"):
        with client.get(f"/static/sheet.css{query}") as asked:
            assert asked.headers["Cache-Control"] == "no-cache"


def test_api_is_not_compressed(client):
    response = client.get("/api/v1/rulesets", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in response.headers
