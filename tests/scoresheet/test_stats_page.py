"""The statistics page of a sheet (/s/<id>/stats): tables, charts, languages, refusals."""

import gzip
import re

import pytest

PLAYERS = ["Hans", "Grete", "Karl", "Lise"]


def make_sheet(client, game="bauerchen", players=PLAYERS, entries=(), **more):
    sheet = client.post("/api/v1/sheets", json={"game": game, "players": players, **more}).json
    for entry in entries:
        answer = client.post(
            f"/api/v1/sheets/{sheet['id']}/games",
            json=entry,
            headers={"Authorization": f"Bearer {sheet['edit_token']}"},
        )
        assert answer.status_code == 201, answer.json
    return sheet


def row(html, label):
    """Return the cells of the table row headed `label`."""
    match = re.search(rf'<th scope="row">{re.escape(label)}</th>((?:<td>[^<]*</td>)+)', html)
    assert match, label
    return re.findall(r"<td>([^<]*)</td>", match.group(1))


EVENING = [
    {"result": {"winner": "A", "band": "schwarz"}, "spritz": 1},  # away: (3 + 1) × 2 = 8
    {"solo": {"team": "B", "won": True, "player": 3}},  # Lise's Kart'ab wins the round
    {"result": {"winner": "B", "band": "frei"}, "melds": [{"team": "A", "kind": "20"}]},
]


def test_the_page_shows_the_figures_and_charts(client):
    sheet = make_sheet(client, entries=EVENING)
    response = client.get(f"/s/{sheet['id']}/stats")
    assert response.status_code == 200
    html = response.text
    assert 'lang="de"' in html
    assert "Statistik" in html
    assert row(html, "Spiele") == ["3", "3"]
    assert row(html, "gewonnen") == ["1", "2"]
    assert row(html, "gespritzt und gewonnen") == ["1", "0"]
    assert row(html, "schwarz gewonnen") == ["1", "0"]
    assert row(html, "20er gemeldet") == ["1", "0"]
    assert row(html, "Runden gewonnen") == ["0", "1"]
    assert row(html, "Knoddel") == ["1", "0"]
    # The Kart'ab is Lise's alone.
    assert row(html, "Lise") == ["B", "1", "1"]
    assert row(html, "Grete") == ["B", "0", "0"]
    assert html.count('<svg class="chart-svg') == 2
    assert '<title id="score-title">Spielstand über den Abend</title>' in html
    assert "style=" not in html
    # The charts' styles are this page's own: the pad's first load goes without them.
    styles = re.search(r'href="(/static/charts\.css\?v=\w+)"', html).group(1)
    with client.get(styles) as charts:
        assert charts.status_code == 200 and b".chart-svg" in charts.data
    shared = re.search(r'href="(/static/sheet\.css\?v=\w+)"', html).group(1)
    with client.get(shared, headers={"Accept-Encoding": "identity"}) as sheet_css:
        assert sheet_css.status_code == 200 and b".chart-svg" not in sheet_css.data


def test_the_page_in_english(client):
    sheet = make_sheet(client, entries=EVENING)
    html = client.get(f"/s/{sheet['id']}/stats", headers={"Accept-Language": "en"}).text
    assert 'lang="en"' in html
    assert "Statistics" in html
    assert row(html, "won at home") == ["0", "1"]
    assert "Score over the evening" in html


def test_the_sheet_links_to_its_statistics(client):
    sheet = make_sheet(client)
    html = client.get(f"/s/{sheet['id']}").text
    assert f'href="/s/{sheet["id"]}/stats"' in html


def test_an_unknown_sheet_is_404(client):
    assert client.get("/s/nothing-here/stats").status_code == 404


def test_a_browser_up_to_date_gets_304(client):
    sheet = make_sheet(client, entries=EVENING[:1])
    first = client.get(f"/s/{sheet['id']}/stats")
    tag = first.headers["ETag"]
    assert tag.startswith("W/")
    again = client.get(f"/s/{sheet['id']}/stats", headers={"If-None-Match": tag})
    assert again.status_code == 304
    # A new game changes the tag.
    client.post(
        f"/api/v1/sheets/{sheet['id']}/games",
        json={"result": {"winner": "B", "band": "frei"}},
        headers={"Authorization": f"Bearer {sheet['edit_token']}"},
    )
    fresh = client.get(f"/s/{sheet['id']}/stats", headers={"If-None-Match": tag})
    assert fresh.status_code == 200
    assert fresh.headers["ETag"] != tag


def test_bolachen_settles_in_euros(client):
    deals = [
        {"declarer": 0, "contract": "mord", "won": True},
        {"declarer": 1, "contract": "bettel", "tricks": 2},
    ]
    sheet = make_sheet(
        client, "bolachen", ["Sepp", "Vroni", "Hias"], deals, rules={"preset": "hard"}
    )
    html = client.get(f"/s/{sheet['id']}/stats").text
    assert "Vroni zahlt Sepp 0,70 €" in html
    assert "Hias zahlt Sepp 0,10 €" in html
    assert row(html, "Sepp") == ["0/0", "0/0", "1/1", "1", "0,80 €"]
    assert row(html, "Vroni") == ["0/0", "0/1", "0/0", "1", "-0,70 €"]
    assert '<title id="balance-title">Endstand</title>' in html


def test_bolachen_without_debts(client):
    sheet = make_sheet(client, "bolachen", ["Sepp", "Vroni", "Hias"])
    assert "Niemand schuldet jemandem etwas." in client.get(f"/s/{sheet['id']}/stats").text


def test_bauerschspiel_counts_nullchen(client):
    sheet = make_sheet(client, "bauerschspiel", entries=[{"winner": "A"}] * 5 + [{"winner": "B"}])
    html = client.get(f"/s/{sheet['id']}/stats").text
    assert row(html, "gewonnen") == ["5", "1"]
    assert row(html, "Nullchen") == ["1", "0"]
    assert '<title id="strokes-title">Striche über den Abend</title>' in html


@pytest.mark.parametrize("game", ["bauerchen", "bolachen"])
def test_a_long_evening_stays_small(client, game):
    if game == "bauerchen":
        sheet = make_sheet(client, entries=[{"result": {"winner": "A", "band": "frei"}}] * 1000)
    else:
        deals = [{"declarer": n % 3, "contract": "bettel", "won": n % 2 == 0} for n in range(1000)]
        sheet = make_sheet(client, "bolachen", ["Sepp", "Vroni", "Hias"], deals)
    response = client.get(f"/s/{sheet['id']}/stats", headers={"Accept-Encoding": "gzip"})
    html = gzip.decompress(response.data).decode()
    assert len(response.data) < 10_000
    assert len(html) < 40_000
    for points in re.findall(r'<polyline class="[^"]*" points="([^"]*)"', html):
        assert len(points.split()) <= 2 * 120


def test_the_page_loads_no_script(client):
    # Nothing on it is interactive: the page stays light for a phone at the table.
    sheet = make_sheet(client, entries=EVENING)
    html = client.get(f"/s/{sheet['id']}/stats").text
    assert "<script" not in html
    assert 'rel="stylesheet"' in html
    assert "<script" in client.get(f"/s/{sheet['id']}").text


@pytest.mark.parametrize("game", ["bauerchen", "bauerschspiel"])
def test_an_evening_without_games_draws_no_chart(client, game):
    sheet = make_sheet(client, game)
    html = client.get(f"/s/{sheet['id']}/stats").text
    assert "Noch kein Spiel eingetragen." in html
    assert '<svg class="chart-svg' not in html
    assert row(html, "Spiele") == ["0", "0"]
