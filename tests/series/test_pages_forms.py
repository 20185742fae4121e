"""The series' forms and rights on the pages: bad input shown again beside its field with
nothing stored, a retry with the form's key answered as the first, the organiser's right
held by the device (the link's token off the address bar), a tournament entered by series
number, a tournament joining by its organiser's link, hiding, forgetting by the player's
own link."""

import re

import flask
import pytest

from bauerblock import store
from bauerblock.series.pages.shared import ORGANISER
from bauerblock.series.store import player_token
from bauerblock.web.rights import Lock
from tests.pages import created, csrf
from tests.series.through_pages import (
    NAMES,
    add_players,
    make_tournament,
    new_series,
    text,
    tournament_ids,
)


def rows(app, table: str) -> int:
    with app.app_context():
        return store.get_db().execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def error_of(page: str, field: str) -> str:
    found = re.search(rf'id="{field}-error"[^>]*>(.*?)</p>', page, re.S)
    assert found, f"no message beside {field}"
    return text(found.group(1))


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"name": "  "}, "name", "Gib der Serie einen Namen"),
        ({"name": "x" * 81}, "name", "80"),
        ({"counted": "99"}, "counted", "Eine ganze Zahl von 0 bis 50."),
        ({"minimum": "0"}, "minimum", "Eine ganze Zahl von 1 bis 50."),
        ({"planned": "zwei"}, "planned", "Eine ganze Zahl von 1 bis 50."),
        ({"counted": "4", "planned": "3"}, "counted", "3"),
        ({"scoring": "elo"}, "scoring", "places"),
    ],
)
def test_a_bad_new_series_is_shown_again_beside_its_field_and_nothing_is_stored(
    app, client, fields, field, words
):
    data = {"csrf_token": csrf(client), "name": "Cup", "key": "new-series-0001", **fields}
    answer = client.post("/r", data=data)
    assert answer.status_code == 422
    assert words in error_of(answer.text, field)
    # The form comes back as typed.
    for name, value in fields.items():
        if name != "scoring" and value.strip():
            assert f'value="{value}"' in answer.text
    assert rows(app, "series") == 0


def test_every_fault_of_a_new_series_is_shown_at_once_beside_its_field(app, client):
    # Posted without the browser's maxlength: the name's length is told with the numbers.
    data = {
        "csrf_token": csrf(client),
        "key": "new-series-0002",
        "name": "x" * 200,
        "season": "y" * 200,
        "planned": "0",
        "counted": "-3",
        "minimum": "99",
    }
    answer = client.post("/r", data=data)
    assert answer.status_code == 422
    assert "Der Name der Serie hat höchstens 80 Zeichen." in error_of(answer.text, "name")
    assert "höchstens" in error_of(answer.text, "season")
    assert "1 bis 50" in error_of(answer.text, "planned")
    assert "0 bis 50" in error_of(answer.text, "counted")
    assert "1 bis 50" in error_of(answer.text, "minimum")
    assert rows(app, "series") == 0


def test_counted_over_planned_is_shown_with_a_name_too_long(app, client):
    data = {"csrf_token": csrf(client), "key": "new-series-0003", "name": "x" * 81}
    answer = client.post("/r", data={**data, "planned": "3", "counted": "4"})
    assert answer.status_code == 422
    assert "80" in error_of(answer.text, "name") and "3" in error_of(answer.text, "counted")


def test_a_new_series_sent_twice_is_made_once(app, client):
    data = {"csrf_token": csrf(client), "name": "Cup 2027", "key": "new-series-twice-01"}
    first = client.post("/r", data=data)
    again = client.post("/r", data=data)
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    assert rows(app, "series") == 1


def test_the_organiser_right_is_the_devices_and_the_link_hands_it_on(app, client):
    series_id = new_series(client)
    other = app.test_client()
    assert other.get(f"/r/{series_id}/organiser").status_code == 403
    share = client.get(f"/r/{series_id}/organiser").text
    link = re.search(rf'href="(http://localhost/r/{series_id}/organiser/[^"]+)"', share).group(1)
    assert other.get(link.replace("organiser/", "organiser/x")).status_code == 403
    opened = other.get(link)
    # The token leaves the address bar at once; the right stays with the device.
    assert opened.status_code == 303 and opened.headers["Location"] == f"/r/{series_id}/organiser"
    assert other.get(f"/r/{series_id}/organiser").status_code == 200
    # The public page names no token, and offers the organiser's page only to them.
    token = link.rsplit("/", 1)[1]
    public = app.test_client().get(f"/r/{series_id}").text
    assert token not in public and f"/r/{series_id}/organiser" not in public
    # Without the right, no step.
    stranger = app.test_client()
    data = {"csrf_token": csrf(stranger), "name": "Hans"}
    assert stranger.post(f"/r/{series_id}/players", data=data).status_code == 403
    assert rows(app, "series_players") == 0


def test_a_player_gets_the_next_number_and_a_name_taken_is_refused_beside_the_field(app, client):
    series_id = new_series(client)
    add_players(client, series_id, ["Hans Müller", "Grete"])
    data = {"csrf_token": csrf(client), "name": "HANS  MÜLLER", "key": "add-again-0001"}
    refused = client.post(f"/r/{series_id}/players", data=data)
    assert refused.status_code == 409
    assert "Hans Müller" in error_of(refused.text, "name")
    assert 'value="HANS  MÜLLER"' in refused.text
    # A retry of a player added answers the first: one player, one number.
    data = {"csrf_token": csrf(client), "name": "Karl", "key": "add-karl-0001"}
    for _ in range(2):
        assert client.post(f"/r/{series_id}/players", data=data).status_code == 303
    assert rows(app, "series_players") == 3
    page = text(client.get(f"/r/{series_id}/organiser").text)
    assert "3 Karl" in page and "4 Karl" not in page


def test_a_tournament_takes_series_numbers_and_new_names_join_with_the_next(app, client):
    series_id = new_series(client)
    add_players(client, series_id, NAMES[:4])
    page = client.get(f"/r/{series_id}/organiser").text
    # The page knows every number's name, for the check beside the list as it is typed.
    assert '"1": "Hans"' in page.replace("&#34;", '"') or "&#34;1&#34;: &#34;Hans" in page
    listed = ["1", "2", "3", "4", "Otto", "Erna", "Fritz", "Anna"]
    answer = make_tournament(client, series_id, title="Preisbauer Zur Linde", lines=listed)
    assert answer.status_code == 303
    said = text(client.get(f"/r/{series_id}/organiser").text)
    assert "Neu in der Serie: 5 Otto, 6 Erna, 7 Fritz, 8 Anna." in said
    tournament = re.search(
        r'href="/t/([^/"]+)/organiser"', client.get(f"/r/{series_id}/organiser").text
    )
    # This phone leads the tournament too.
    assert client.get(f"/t/{tournament.group(1)}/organiser").status_code == 200
    board = text(client.get(f"/t/{tournament.group(1)}").text)
    assert all(name in board for name in ["Hans", "Grete", "Karl", "Lise", "Otto"])


@pytest.mark.parametrize(
    ("lines", "words", "status"),
    [
        (["1", "2", "3", "99"], "99", 422),
        (["1", "2", "3", "1"], "1", 422),
    ],
)
def test_a_tournament_with_a_bad_number_is_refused_and_nothing_is_stored(
    app, client, lines, words, status
):
    series_id = new_series(client)
    add_players(client, series_id, NAMES[:4])
    answer = make_tournament(client, series_id, title="Preisbauer", lines=[*lines, "Neu"])
    assert answer.status_code == status
    assert words in text(answer.text)
    assert rows(app, "tournaments") == 0 and rows(app, "series_players") == 4


def test_a_number_in_a_series_without_players_is_refused_in_words_that_fit(app, client):
    series_id = new_series(client)
    answer = make_tournament(client, series_id, title="Preisbauer", lines=["Hans", "7"])
    assert answer.status_code == 422
    said = "Die Serie hat keinen Spieler 7 (Spieler bisher: 0)."
    assert error_of(answer.text, "players") == said
    client.get("/lang/en")
    answer = make_tournament(client, series_id, title="Paare", lines=["7 / Eva"], kind="pairs")
    said = "The series has no player 7 (players so far: 0)."
    assert error_of(answer.text, "pairs") == said
    assert rows(app, "tournaments") == 0 and rows(app, "series_players") == 0


def test_a_paarturnier_cannot_join_a_series_of_the_tournaments_points(app, client):
    series_id = new_series(client, scoring="tournament")
    add_players(client, series_id, NAMES)
    pairs = ["1 / 2", "3 / 4", "5 / 6", "7 / 8"]
    answer = make_tournament(client, series_id, title="Paare", lines=pairs, kind="pairs")
    assert answer.status_code in (409, 422)
    assert error_of(answer.text, "kind")
    assert rows(app, "tournaments") == 0


def test_a_tournament_joins_by_its_organisers_link(app, client):
    series_id = new_series(client)
    add_players(client, series_id, ["Hans"])
    data = {"csrf_token": csrf(client), "title": "Zur Linde", "preset": "lautern"}
    data["players"] = "\n".join(NAMES)
    tournament_id = created(client, "/t", data, r"/t/([^/]+)/organiser")
    organiser = client.get(f"/t/{tournament_id}/organiser").text
    link = re.search(r'href="(http://localhost/t/[^"]+/organiser/[^"]+)"', organiser).group(1)
    form = {"csrf_token": csrf(client), "key": "join-0001"}
    wrong = client.post(f"/r/{series_id}/tournaments/join", data={**form, "link": link + "x"})
    assert wrong.status_code == 422 and error_of(wrong.text, "link")
    joined = client.post(f"/r/{series_id}/tournaments/join", data={**form, "link": link})
    assert joined.status_code == 303
    page = text(client.get(f"/r/{series_id}").text)
    # Hans kept his number; the others joined with the next ones.
    assert "1 Hans" in page and "8 Anna" in page and "Zur Linde" in page
    again = client.post(
        f"/r/{series_id}/tournaments/join", data={**form, "key": "join-0002", "link": link}
    )
    assert again.status_code == 409


def test_a_player_may_ask_to_be_forgotten_with_the_link_on_their_card(app, client):
    series_id = new_series(client)
    add_players(client, series_id, ["Hans Müller", "Grete"])
    with client.session_transaction() as session:
        device = session["device"]
    with app.test_request_context():
        flask.session["device"] = device
        token = ORGANISER.held(Lock(series_id))
        own = player_token(token, 1)
    phone = app.test_client()
    assert phone.get(f"/r/{series_id}/players/1/forget").status_code == 403
    assert phone.get(f"/r/{series_id}/players/2/forget/{own}").status_code == 403
    opened = phone.get(f"/r/{series_id}/players/1/forget/{own}")
    assert opened.headers["Location"] == f"/r/{series_id}/players/1/forget"
    asked = text(phone.get(opened.headers["Location"]).text)
    assert "Hans Müller vergessen?" in asked and "endgültig" in asked
    # The right is the player's own: not another player's.
    assert phone.get(f"/r/{series_id}/players/2/forget").status_code == 403
    done = phone.post(
        f"/r/{series_id}/players/1/forget", data={"csrf_token": csrf(phone), "key": "forget-own-01"}
    )
    assert done.status_code == 303
    page = text(phone.get(done.headers["Location"]).text)
    assert "Hans Müller" not in page and "Spieler 1" in page
    # A forgotten number is not entered again; the name may join anew.
    refused = make_tournament(client, series_id, title="PB", lines=["1", "2", "A", "B"])
    assert refused.status_code == 409
    add_players(client, series_id, ["Hans Müller"])
    assert "3 Hans Müller" in text(client.get(f"/r/{series_id}/organiser").text)


def test_a_name_nearly_taken_in_a_tournaments_list_names_the_player_beside_the_list(app, client):
    series_id = new_series(client)
    add_players(client, series_id, ["Hans Müller", "Grete", "Karl", "Lise"])
    lines = ["2", "3", "4", "hans  mueller", "HANS MÜLLER", "Otto", "Erna", "Fritz"]
    answer = make_tournament(client, series_id, title="Preisbauer", lines=lines)
    assert answer.status_code == 409
    # The player there and their number, beside the list, which comes back as typed.
    words = error_of(answer.text, "players")
    assert "Hans Müller" in words and "1" in words
    assert "HANS MÜLLER" in answer.text
    assert rows(app, "tournaments") == 0 and rows(app, "series_players") == 4


def test_a_tournament_of_another_series_is_refused_beside_the_link(app, client):
    first, second = new_series(client), new_series(client, name="Zweite Serie")
    add_players(client, first, NAMES)
    lines = [str(n) for n in range(1, 9)]
    assert make_tournament(client, first, title="PB", lines=lines).status_code == 303
    tournament_id = tournament_ids(client, first)[0]
    organiser = client.get(f"/t/{tournament_id}/organiser").text
    link = re.search(r'href="(http://localhost/t/[^"]+/organiser/[^"]+)"', organiser).group(1)
    data = {"csrf_token": csrf(client), "key": "join-other-01", "link": link}
    refused = client.post(f"/r/{second}/tournaments/join", data=data)
    assert refused.status_code == 409
    assert error_of(refused.text, "link")
    assert rows(app, "series_tournaments") == 1


def test_a_late_entry_by_number_or_name_joins_a_running_preisbauer(app, client):
    series_id = new_series(client)
    add_players(client, series_id, [*NAMES, "Zoe"])
    lines = [str(n) for n in range(1, 9)]
    assert make_tournament(client, series_id, title="PB", lines=lines).status_code == 303
    tournament_id = tournament_ids(client, series_id)[0]
    field = f"late-{tournament_id}"
    form = {"csrf_token": csrf(client), "key": "late-entry-0001"}
    unknown = client.post(
        f"/r/{series_id}/tournaments/{tournament_id}/players", data={**form, field: "42"}
    )
    assert unknown.status_code == 422 and "42" in error_of(unknown.text, field)
    done = client.post(
        f"/r/{series_id}/tournaments/{tournament_id}/players", data={**form, field: "9\nNeu Ling"}
    )
    assert done.status_code == 303
    said = text(client.get(f"/r/{series_id}/organiser").text)
    assert "2 angemeldet. Neu in der Serie: 10 Neu Ling." in said
    board = text(client.get(f"/t/{tournament_id}").text)
    assert "Zoe" in board and "Neu Ling" in board
    assert rows(app, "series_entrants") == 10


@pytest.mark.parametrize(
    ("minimum", "said"),
    [
        ("1", "noch nicht gewertet Noch kein beendetes Turnier."),
        ("2", "noch nicht gewertet Weniger als 2 Turniere gespielt."),
    ],
)
def test_the_players_not_yet_ranked_are_told_why_in_words_that_fit_the_minimum(
    client, minimum, said
):
    series_id = new_series(client, minimum=minimum)
    add_players(client, series_id, NAMES[:2])
    assert said in text(client.get(f"/r/{series_id}").text)
