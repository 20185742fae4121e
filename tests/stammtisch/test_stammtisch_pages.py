"""The Stammtisch pages: create a group, its page, start an evening, statistics, exports."""

import csv
import io
import json
import re

import pytest

from tests.pages import ROSTER, csrf, entry_form, first_load, make_group, start_evening

HOSTILE = '<script>alert(1)</script>=cmd|"/c calc"'


@pytest.fixture
def new_group(client):
    """Create a group through the form; return its id (this client may edit it)."""

    def make(name="Stammtisch Zur Linde", players=ROSTER) -> str:
        return make_group(client, name, players)

    return make


def play(client, sheet_id, entries):
    for data in entries:
        form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
        response = client.post(f"/s/{sheet_id}/games", data={**form, **data})
        assert response.status_code == 303, response.text


SCHWARZ_A = {"result": "A:schwarz", "spritz": "2"}


def test_the_start_page_offers_a_new_group_and_lists_the_groups_opened(client, new_group):
    start = client.get("/")
    assert 'href="/g"' in start.text
    group_id = new_group()
    listed = client.get("/").text
    assert f'href="/g/{group_id}"' in listed and "Stammtisch Zur Linde" in listed


def test_create_a_group_and_see_its_roster_and_share_link(client, new_group):
    group_id = new_group()
    page = client.get(f"/g/{group_id}")
    assert page.status_code == 200
    for name in ROSTER:
        assert name in page.text
    assert 'class="start-evening"' in page.text
    assert f"/g/{group_id}/edit/" in page.text and 'class="qr"' in page.text
    # Another phone without the link sees the group read-only.
    other = client.application.test_client()
    seen = other.get(f"/g/{group_id}").text
    assert "start-evening" not in seen and "/edit/" not in seen and "Hans" in seen


def test_the_group_edit_link_hands_the_right_to_another_phone(client, new_group):
    group_id = new_group()
    page = client.get(f"/g/{group_id}").text
    link = re.search(rf'href="http://localhost(/g/{group_id}/edit/[^"]+)"', page)
    other = client.application.test_client()
    response = other.get(link.group(1))
    assert response.status_code == 303 and response.headers["Location"] == f"/g/{group_id}"
    assert 'class="start-evening"' in other.get(f"/g/{group_id}").text
    wrong = client.application.test_client().get(f"/g/{group_id}/edit?token=nope")
    assert wrong.status_code == 403 and "stimmt nicht" in wrong.text


@pytest.mark.parametrize(
    ("name", "players", "words"),
    [
        ("", "Hans", "Wie heißt"),
        ("Linde", "Hans\nhans", "zweimal"),
        ("Linde", "x" * 41, "höchstens 40"),
        ("x" * 81, "Hans", "Höchstens 80"),
    ],
)
def test_bad_groups_are_shown_again_with_the_message(client, name, players, words):
    data = {"csrf_token": csrf(client), "name": name, "players": players}
    response = client.post("/g", data=data)
    assert response.status_code == 422
    assert words in response.text
    assert 'aria-invalid="true"' in response.text


def test_posts_need_the_csrf_token(client, new_group):
    group_id = new_group()
    assert client.post("/g", data={"name": "Linde"}).status_code == 403
    assert client.post(f"/g/{group_id}/players", data={"new_player": "Fritz"}).status_code == 403
    other = client.application.test_client()
    data = {"csrf_token": csrf(other), "new_player": "Fritz"}
    assert other.post(f"/g/{group_id}/players", data=data).status_code == 403
    assert "Fritz" not in client.get(f"/g/{group_id}").text


def test_add_a_player_with_and_without_htmx(client, new_group):
    group_id = new_group()
    response = client.post(
        f"/g/{group_id}/players", data={"csrf_token": csrf(client), "new_player": "Fritz"}
    )
    assert response.status_code == 303
    assert "Fritz" in client.get(f"/g/{group_id}").text
    fragment = client.post(
        f"/g/{group_id}/players",
        data={"csrf_token": csrf(client), "new_player": "Anni"},
        headers={"HX-Request": "true"},
    )
    assert fragment.status_code == 200
    assert "<html" not in fragment.text and "Anni" in fragment.text
    refused = client.post(
        f"/g/{group_id}/players",
        data={"csrf_token": csrf(client), "new_player": "anni"},
        headers={"HX-Request": "true"},
    )
    # A name on the roster is the roster's state: 409, as the API answers it (the refusal map).
    assert refused.status_code == 409 and "Nummer 7" in refused.text
    token = client.post("/api/v1/groups", json={"name": "Linde", "players": ["Anni"]}).get_json()
    api = client.post(
        f"/api/v1/groups/{token['id']}/players",
        json={"name": "anni"},
        headers={"Authorization": f"Bearer {token['edit_token']}"},
    )
    assert (
        api.status_code == refused.status_code and api.get_json()["reason"] == "roster_name_taken"
    )


def test_start_an_evening_opens_its_edit_view(client, new_group):
    group_id = new_group()
    response = start_evening(client, group_id, [5, 1, 2, 3], title="Freitag")
    assert response.status_code == 303
    match = re.fullmatch(r"/s/([^/]+)/edit", response.headers["Location"])
    sheet_id = match.group(1)
    edit = client.get(f"/s/{sheet_id}/edit")
    assert edit.status_code == 200 and 'id="entry-form"' in edit.text
    assert "Otto" in edit.text
    assert f'href="/g/{group_id}"' in edit.text  # the way back to the Stammtisch
    play(client, sheet_id, [SCHWARZ_A])
    page = client.get(f"/g/{group_id}").text
    assert "Freitag" in page and "0:0 · Knoddel 0:1 · Steine 0:0" in page
    # The phone that started it opens it to record; another one reads it.
    assert f'href="/s/{sheet_id}/edit"' in page
    other = client.application.test_client().get(f"/g/{group_id}").text
    assert f'href="/s/{sheet_id}"' in other and f"/s/{sheet_id}/edit" not in other


def test_a_new_name_on_a_seat_joins_the_roster(client, new_group):
    group_id = new_group()
    data = {"player2": "Fritz"}
    response = start_evening(client, group_id, [1, 2, "", ""], game="bolachen", **data)
    assert response.status_code == 303, response.text
    assert "Fritz" in client.get(f"/g/{group_id}").text


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        ([1, 2, 3, 1], "Hans sitzt zweimal"),
        ([1, 2, 3, ""], "Wähle einen Spieler"),
        ([1, 2, 3, 99], "Nummer 99"),
    ],
)
def test_bad_seats_are_shown_again(client, new_group, seats, words):
    group_id = new_group()
    response = start_evening(client, group_id, seats)
    assert response.status_code == 422
    assert words in response.text
    assert "Noch kein Abend" in response.text


def test_unknown_groups_are_404(client):
    assert client.get("/g/nope").status_code == 404
    assert client.get("/g/nope/stats").status_code == 404
    assert client.get("/g/nope/evenings.csv").status_code == 404


def two_evenings(client, new_group):
    group_id = new_group()
    first = start_evening(client, group_id, [1, 2, 3, 4]).headers["Location"].split("/")[2]
    play(client, first, [SCHWARZ_A, SCHWARZ_A])
    second = start_evening(client, group_id, [5, 3, 2, 4]).headers["Location"].split("/")[2]
    play(client, second, [SCHWARZ_A, SCHWARZ_A, {"result": "B:frei"}])
    return group_id


def test_statistics_page_shows_figures_charts_and_tables(client, new_group):
    group_id = two_evenings(client, new_group)
    page = client.get(f"/g/{group_id}/stats")
    assert page.status_code == 200
    html = page.text
    rows = dict(re.findall(r'<tr data-number="(\d)">(.*?)</tr>', html, re.S))
    # Hans: team A once (one Stein won); Otto and Grete team A the second night (a Stein).
    assert '<td class="balance">+1</td>' in rows["1"]
    assert '<td class="balance">0</td>' in rows["2"]
    assert '<td class="balance">\u22122</td>' in rows["4"]
    assert html.count('<svg class="chart-svg') == 2
    assert '<title id="balance-title">' in html and '<desc id="win-rates-desc">' in html
    assert 'id="partners"' in html and "<bdi>Hans</bdi> &amp; <bdi>Karl</bdi>" in html


def test_exports_of_evenings_and_statistics(client, new_group):
    group_id = two_evenings(client, new_group)
    evenings = client.get(f"/g/{group_id}/evenings.csv")
    assert evenings.mimetype == "text/csv"
    assert "attachment" in evenings.headers["Content-Disposition"]
    # For people, in German: ";" between the cells, the words of the page.
    text = evenings.data.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    assert [row["Spiele"] for row in rows] == ["3", "2"]
    assert rows[1]["Spieler"] == "Hans, Grete, Karl, Lise"
    assert rows[1]["Spielart"] == "Bauerchen"
    assert re.fullmatch(r"\d\d\.\d\d\.\d{4}", rows[1]["Datum"])
    assert "Knoddel" in rows[0]["Ergebnis"] and "knoddel" not in rows[0]["Ergebnis"]
    data = json.loads(client.get(f"/g/{group_id}/evenings.json").text)
    assert [p["name"] for p in data["players"]] == ROSTER and len(data["sheets"]) == 2
    # The statistics too: ";" and the page's words, each figure named with its game.
    text = client.get(f"/g/{group_id}/stats.csv").data.decode("utf-8-sig")
    stats = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    by_name = {row["Name"]: row for row in stats}
    assert by_name["Hans"]["Bierbilanz (Bauerchen)"] == "1"
    assert sum(int(row["Bierbilanz (Bauerchen)"]) for row in stats) == 0


def test_hostile_names_are_inert_in_pages_charts_and_exports(client, new_group):
    group_id = new_group(name=HOSTILE[:80], players=[HOSTILE[:40], "=1+1", "@SUM(A1)", "Lise"])
    sheet = start_evening(client, group_id, [1, 2, 3, 4]).headers["Location"].split("/")[2]
    play(client, sheet, [SCHWARZ_A, SCHWARZ_A])
    for url in (f"/g/{group_id}", f"/g/{group_id}/stats", "/"):
        html = client.get(url).text
        assert "<script>alert" not in html, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url
    for url, sep in ((f"/g/{group_id}/evenings.csv", ";"), (f"/g/{group_id}/stats.csv", ";")):
        text = client.get(url).data.decode("utf-8-sig")
        for row in csv.reader(io.StringIO(text), delimiter=sep):
            assert not any(
                cell.startswith(("=", "+", "-", "@")) and not cell.lstrip("-").isdigit()
                for cell in row
            ), url


def test_pages_are_german_first_and_english_on_request(client, new_group):
    group_id = new_group()
    assert "Neuer Abend" in client.get(f"/g/{group_id}").text
    english = client.get(f"/g/{group_id}", headers={"Accept-Language": "en"}).text
    assert "New evening" in english and "Neuer Abend" not in english
    assert (
        "Statistics" in client.get(f"/g/{group_id}/stats", headers={"Accept-Language": "en"}).text
    )


def test_first_load_stays_under_40_kb(client, new_group):
    group_id = two_evenings(client, new_group)
    for path in (f"/g/{group_id}", f"/g/{group_id}/stats", "/g"):
        total = first_load(client, path)
        assert total <= 40_000, (path, total)


def test_the_money_of_hard_bolachen_evenings_is_settled_and_charted(client, new_group):
    group_id = new_group()
    # Otto wins a Mord on two evenings, Hans on a third: 30 cents from each defender.
    for declarer in (0, 0, 1):
        sheet = start_evening(client, group_id, [5, 1, 2], game="bolachen", preset="hard")
        play(
            client,
            sheet.headers["Location"].split("/")[2],
            [{"declarer": str(declarer), "bid": "mord", "won": "1"}],
        )
    html = client.get(f"/g/{group_id}/stats").text
    rows = dict(re.findall(r'<th scope="row"><bdi>(\w+)</bdi></th>(<td>.*?)</tr>', html, re.S))
    assert rows["Otto"].startswith("<td>3</td><td>3</td><td>0,90 €</td>")
    assert rows["Hans"].startswith("<td>3</td><td>3</td><td>0,00 €</td>")
    assert rows["Grete"].startswith("<td>3</td><td>3</td><td>\u22120,90 €</td>")
    assert "<bdi>Grete</bdi> zahlt <bdi>Otto</bdi> 0,90 €" in html
    assert 'id="chart-money"' in html
    assert html.count('<polyline class="line') == 3  # Otto, Hans and Grete


def test_the_group_forms_sent_twice_write_once(client, new_group):
    group_id = new_group()
    page = client.get(f"/g/{group_id}").text
    start_form = page[page.index('class="start-evening"') :]
    add_form = page[page.index('class="add-player"') :]
    start_key = re.search(r'name="key" value="([^"]+)"', start_form).group(1)
    add_key = re.search(r'name="key" value="([^"]+)"', add_form).group(1)
    assert start_key != add_key
    for _ in range(2):
        started = start_evening(client, group_id, [1, 2, 3, 4], key=start_key)
        assert started.status_code == 303
        data = {"csrf_token": csrf(client), "new_player": "Fritz", "key": add_key}
        assert client.post(f"/g/{group_id}/players", data=data).status_code == 303
    group = client.get(f"/api/v1/groups/{group_id}").get_json()
    assert len(group["sheets"]) == 1
    assert [p["name"] for p in group["players"]].count("Fritz") == 1
    # The same key with another name: the form is shown again with the reason, nothing added.
    data = {"csrf_token": csrf(client), "new_player": "Erna", "key": add_key}
    refused = client.post(f"/g/{group_id}/players", data=data)
    assert refused.status_code == 422
    assert "schon mit anderen Angaben geschickt" in refused.text
    # A key unlike the page's is a broken form.
    data = {"csrf_token": csrf(client), "new_player": "Erna", "key": "x" * 5000}
    broken = client.post(f"/g/{group_id}/players", data=data)
    assert broken.status_code == 422 and "Das Formular ist beschädigt" in broken.text
    names = [p["name"] for p in client.get(f"/api/v1/groups/{group_id}").get_json()["players"]]
    assert "Erna" not in names


def test_the_new_group_form_sent_twice_starts_one(client):
    page = client.get("/g").text
    key = re.search(r'name="key" value="([^"]+)"', page).group(1)
    data = {"csrf_token": csrf(client), "name": "Linde", "players": "Hans\nGrete", "key": key}
    first = client.post("/g", data=data)
    again = client.post("/g", data=data)
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    other = client.post("/g", data={**data, "name": "Krone"})
    assert other.status_code == 422 and "schon mit anderen Angaben geschickt" in other.text
