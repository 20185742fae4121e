"""A hidden series player shows as a number on every public face of the tournaments they
entered (the board, the results, the seats, the table cards, the downloads, the API's
answers without the token), worded in the reader's language; the organiser's pages and
answers show the name, as the organiser runs the evening by it. A forgotten player's name
is kept as no word at all: each face says the number in its reader's language."""

import io

import pytest
from flask_babel import force_locale
from pypdf import PdfReader

from bauerblock import store
from bauerblock.exports.common import ORGANISER_NAMES, PUBLIC_NAMES
from bauerblock.series import service
from bauerblock.services import tournaments as tournament_service
from bauerblock.store import tournaments
from bauerblock.store.tournaments.names import FORGOTTEN
from tests.pages import entry_form
from tests.series.season import NoFiles, one_of_each

NAME = "Zacharias Quendelmeyer"
PARTNER = "Wendelin Oberwörresbach"


@pytest.fixture
def season(app):
    """A series whose player 1 (hidden) entered a Preisbauer with one draw played and a
    Paarturnier with its first draw played."""
    with app.app_context():
        new, solo, pairs, _tables = one_of_each(store.get_db(), NAME, PARTNER, draws=2)
        service.set_hidden(store.get_db(), new.series.id, 1, True)
        return new, solo, pairs


def public_faces(tournament_id: str) -> list[str]:
    """Every public page, download and API answer of a tournament that names its players."""
    api = f"/api/v1/tournaments/{tournament_id}"
    return [
        f"/t/{tournament_id}",
        f"/t/{tournament_id}/results",
        f"/t/{tournament_id}/results.csv",
        f"/t/{tournament_id}/me?change=1",
        f"/t/{tournament_id}/players/1",
        f"/t/{tournament_id}/draws/1/wall",
        api,
        f"{api}/draws/1",
        f"{api}/players/1/seat",
        f"{api}/export?format=csv",
        f"{api}/export?format=json",
    ]


def said(client, path: str) -> str:
    """Return what a GET of `path` shows, as text (a PDF's words extracted)."""
    answer = client.get(path)
    assert answer.status_code == 200, (path, answer.status_code)
    if answer.mimetype == "application/pdf":
        return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.data)).pages)
    return answer.get_data(as_text=True)


def test_a_hidden_player_is_a_number_on_every_public_face_of_the_tournaments(client, season):
    _new, solo, pairs = season
    for tournament in (solo, pairs):
        tid = tournament.tournament.id
        faces = public_faces(tid)
        if tournament is solo:
            faces += [f"/api/v1/tournaments/{tid}/players/1", f"/t/{tid}/results.pdf"]
        for path in faces:
            words = said(client, path)
            assert NAME not in words, path
            # Where the others are named, the hidden one's number stands in the name's place.
            if "Bert" in words or "Gerd" in words:
                assert "Spieler 1" in words, path
        # The partner beside the hidden player keeps their name.
        if tournament is pairs:
            assert PARTNER in said(client, f"/t/{tid}")


def test_the_table_cards_show_the_number_and_the_organiser_the_name(client, season):
    _new, solo, _pairs = season
    tid = solo.tournament.id
    assert client.get(f"/t/{tid}/organiser/{solo.token}").status_code == 303
    cards = said(client, f"/t/{tid}/draws/1/cards")
    assert NAME not in cards and "Spieler 1" in cards
    assert NAME in said(client, f"/t/{tid}/organiser")
    organiser = client.get(
        f"/api/v1/tournaments/{tid}", headers={"Authorization": f"Bearer {solo.token}"}
    )
    assert NAME in organiser.get_data(as_text=True)


def test_the_number_is_worded_in_the_readers_language(client, season):
    _new, solo, _pairs = season
    tid = solo.tournament.id
    client.set_cookie("lang", "en")
    for path in (f"/t/{tid}", f"/t/{tid}/results", f"/t/{tid}/results.csv"):
        words = said(client, path)
        assert "Player 1" in words and "Spieler 1" not in words, path
    # The API says it as its exports do, one answer a version: in German.
    english = client.get(f"/api/v1/tournaments/{tid}", headers={"Accept-Language": "en"})
    assert "Spieler 1" in english.get_data(as_text=True)


def test_showing_the_name_again_moves_the_tournaments_and_shows_it(app, client, season):
    new, solo, _pairs = season
    tid = solo.tournament.id
    assert NAME not in said(client, f"/t/{tid}/results.csv")
    with app.app_context():
        db = store.get_db()
        before = tournaments.tournament_version(db, tid)
        service.set_hidden(db, new.series.id, 1, False)
        assert tournaments.tournament_version(db, tid) > before
    # The kept download of the hidden name is not served again.
    assert NAME in said(client, f"/t/{tid}/results.csv")
    assert NAME in said(client, f"/t/{tid}")


def table_sheet(app, tournament_id: str, name: str) -> str:
    """Return the id of the sheet of the tournament's table where `name` was seated."""
    with app.app_context():
        db = store.get_db()
        stored = tournaments.load_tournament(db, tournament_id, ORGANISER_NAMES)
        (sheet_id,) = [
            row.sheet_id
            for row in stored.tables.values()
            if name in store.load_head(db, row.sheet_id).players
        ]
        return sheet_id


def test_a_hidden_players_table_sheet_says_the_number_until_it_is_shown(app, client, season):
    # The tournament's public answers link its tables' sheets: they are public faces too.
    new, solo, pairs = season
    for tournament in (solo, pairs):
        sheet_id = table_sheet(app, tournament.tournament.id, NAME)
        faces = (f"/s/{sheet_id}", f"/api/v1/sheets/{sheet_id}", f"/s/{sheet_id}/export.csv")
        for path in faces:
            words = said(client, path)
            assert NAME not in words and "Spieler 1" in words, path
        if tournament is pairs:
            assert PARTNER in said(client, f"/s/{sheet_id}")
        tag = client.get(f"/api/v1/sheets/{sheet_id}").headers["ETag"]
        with app.app_context():
            service.set_hidden(store.get_db(), new.series.id, 1, False)
        # A new version: no client keeps the veiled copy, no kept download is served again.
        assert client.get(f"/api/v1/sheets/{sheet_id}").headers["ETag"] != tag
        for path in faces:
            assert NAME in said(client, path), path
        with app.app_context():
            service.set_hidden(store.get_db(), new.series.id, 1, True)


def test_a_forgotten_name_is_stored_as_no_word_and_said_in_each_language(app, client, season):
    new, solo, pairs = season
    with app.app_context():
        db = store.get_db()
        service.forget(db, new.series.id, 1, exports=NoFiles())
        rows = db.execute(
            "SELECT name FROM tournament_players WHERE tournament_id = ? AND number = 1",
            [solo.tournament.id],
        ).fetchall()
        assert rows == [("",)]
        kept = db.execute(
            "SELECT names FROM tournament_pairs WHERE tournament_id = ? AND number = 1",
            [pairs.tournament.id],
        ).fetchone()[0]
        assert "Spieler" not in kept
        for language, word in (("de", "Spieler 1"), ("en", "Player 1")):
            with app.test_request_context(), force_locale(language):
                for names in (PUBLIC_NAMES, ORGANISER_NAMES):
                    shown = tournaments.load_tournament(db, solo.tournament.id, names)
                    assert shown.tournament.players[0].name == word
                    paired = tournaments.load_tournament(db, pairs.tournament.id, names)
                    assert paired.tournament.pairs[0].names == (word, PARTNER)
    # The table's sheet keeps no name either; its pad, download and answer say the number.
    with app.app_context():
        db = store.get_db()
        stored = tournaments.load_tournament(db, pairs.tournament.id)
        (sheet_id,) = [
            row.sheet_id
            for row in stored.tables.values()
            if FORGOTTEN in store.load_head(db, row.sheet_id).players
        ]
    for path in (f"/s/{sheet_id}", f"/api/v1/sheets/{sheet_id}", f"/s/{sheet_id}/export.csv"):
        assert "Spieler 1" in said(client, path), path
    client.set_cookie("lang", "en")
    assert "Player 1" in said(client, f"/s/{sheet_id}/export.csv")


def new_table(app, solo) -> tuple[str, str]:
    """Draw the Preisbauer's next draw; return the sheet of the table the hidden player sits
    at, and its edit token."""
    with app.app_context():
        db = store.get_db()
        number = tournament_service.draw(db, solo.tournament.id, solo.token).number
        stored = tournaments.load_tournament(db, solo.tournament.id, ORGANISER_NAMES)
        (sheet_id,) = [
            row.sheet_id
            for (drawn, _), row in stored.tables.items()
            if drawn == number and NAME in store.load_head(db, row.sheet_id).players
        ]
        return sheet_id, tournaments.sheet_tokens(db, solo.tournament.id, solo.token)[sheet_id]


def test_a_tap_at_a_hidden_players_table_answers_the_number(app, client, season):
    # The table's pad says the number (above); the answer to its tap is drawn from the head
    # the write returned, and must say it too.
    _new, solo, _pairs = season
    sheet_id, token = new_table(app, solo)
    page = client.get(f"/s/{sheet_id}/edit/{token}", follow_redirects=True).text
    assert NAME not in page and "Spieler 1" in page
    form = {**entry_form(page), "result": "A:frei"}
    answer = client.post(f"/s/{sheet_id}/games", data=form, headers={"HX-Request": "true"})
    assert answer.status_code == 200 and "Spiel 1" in answer.text
    assert NAME not in answer.text and "Spieler 1" in answer.text


def test_an_api_tap_at_a_hidden_players_table_answers_the_number(app, client, season):
    # getSheet says the number (above); the answer to a tap through the API says it too.
    _new, solo, _pairs = season
    sheet_id, token = new_table(app, solo)
    answer = client.post(
        f"/api/v1/sheets/{sheet_id}/games",
        json={"result": {"winner": "A", "band": "frei"}},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 201, answer.get_json()
    assert NAME not in answer.text and "Spieler 1" in answer.text
