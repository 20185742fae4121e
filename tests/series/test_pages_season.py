"""Done when (issue 37): a season of three tournaments (two Preisbauer, one Paarturnier)
with 20 players entered by number through the organiser's page gives the Rangliste RULES
§6 gives, counted here by hand from the tournaments' own final rankings (a shared place,
a best-K cut and a minimum among it); a correction in the first tournament moves it; a
hidden player shows as a number on every public page and download; a forgotten player's
name is gone from the pages, the downloads and the kept files."""

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from bauerblock import store
from bauerblock.services.corrections import correct
from bauerblock.services.sheets import Amend
from tests.pages import csrf
from tests.series.season import WIN_B
from tests.series.through_pages import (
    ONE_DRAW,
    add_players,
    final_places,
    make_tournament,
    new_series,
    play,
    rangliste_rows,
    text,
    tournament_ids,
)

NAMES = [
    "Hildegard Kleinschmidt",
    "Bernd Albrecht",
    "Ottilie Brenner",
    "Karl-Heinz Dörr",
    "Walburga Zimmermann",
    "Ewald Kirchner",
    "Gisela Hoffmann",
    "Reinhold Baumann",
    "Anneliese Roth",
    "Gottfried Schäfer",
    "Irmgard Lenz",
    "Theo Weisbrod",
    "Mechthild Sauer",
    "Egon Kuntz",
    "Roswitha Jung",
    "Alfons Heintz",
    "Brunhilde Wagner",
    "Ludwig Kessler",
    "Elfriede Becker",
    "Hubert Schwarz",
]
PB1 = list(range(1, 17))
PB2 = list(range(5, 21))
PAIRS = [(n, n + 1) for n in range(1, 17, 2)]
PAIR_FORMAT = {"rounds_to_win": "1", "group_size": "4", "advance": "2"}


def hand_count(results, counted: int, minimum: int):
    """Return the Rangliste as RULES §6 counts it, by hand: each tournament's entrants
    (series numbers) with their final place, n - p + 1 points (n counting players), the
    best `counted` summed, fewer than `minimum` tournaments apart; ties by wins, seconds,
    tournaments, then shared. Rows: (place, number, points, played, wins)."""
    scores: dict[int, list[tuple[int, int]]] = {}
    for entrants, places in results:
        n = sum(len(players) for players in entrants.values())
        for evening, players in entrants.items():
            place = places[evening][0]
            for number in players:
                scores.setdefault(number, []).append((place, n - place + 1))
    lines = []
    for number, got in scores.items():
        best = sorted((points for _place, points in got), reverse=True)[:counted]
        wins = sum(1 for place, _ in got if place == 1)
        seconds = sum(1 for place, _ in got if place == 2)
        key = (-sum(best), -wins, -seconds, -len(got))
        lines.append((key, number, sum(best), len(got), wins, sum(p for _, p in got)))
    ranked = sorted((line for line in lines if line[3] >= minimum), key=lambda x: (x[0], x[1]))
    apart = [line for line in lines if line[3] < minimum]
    rows, place = [], 0
    for index, line in enumerate(ranked):
        if index == 0 or ranked[index - 1][0] != line[0]:
            place = index + 1
        rows.append((f"{place}.", line[1], line[2], line[3], line[4], line[5]))
    return rows, sorted(line[1] for line in apart)


def season_results(app, ids):
    """Return each tournament's entrants (evening number → series numbers) and its final
    places, as entered (by number, in order) and as it finished."""
    pb1, pb2, pairs = ids
    return [
        ({i: (n,) for i, n in enumerate(PB1, 1)}, final_places(app, pb1)),
        ({i: (n,) for i, n in enumerate(PB2, 1)}, final_places(app, pb2)),
        ({i: pair for i, pair in enumerate(PAIRS, 1)}, final_places(app, pairs)),
    ]


def shown(rows):
    return [
        (place, number, points, played, wins) for place, number, _n, points, played, wins in rows
    ]


@pytest.fixture
def season(app, client):
    series_id = new_series(client, season="2027", counted="2", planned="3", minimum="2")
    add_players(client, series_id, NAMES)
    lines = {
        "PB Erfenbach": [str(n) for n in PB1],
        "PB Rodenbach": [str(n) for n in PB2],
    }
    for title, listed in lines.items():
        form = ONE_DRAW if title == "PB Erfenbach" else {"draws": "2", "rounds_per_draw": "1"}
        answer = make_tournament(client, series_id, title=title, lines=listed, **form)
        assert answer.status_code == 303, text(answer.text)
    pairs = [f"{a} / {b}" for a, b in PAIRS]
    answer = make_tournament(
        client, series_id, title="Paare Weilerbach", lines=pairs, kind="pairs", **PAIR_FORMAT
    )
    assert answer.status_code == 303, text(answer.text)
    ids = tournament_ids(client, series_id)
    assert len(ids) == 3
    tables = {tid: play(app, client, tid) for tid in ids}
    return series_id, ids, tables


def test_a_season_through_the_pages_gives_the_rangliste_a_hand_count_gives(app, client, season):
    series_id, ids, tables = season
    page = client.get(f"/r/{series_id}").text
    rows = rangliste_rows(page)
    want, apart = hand_count(season_results(app, ids), counted=2, minimum=2)
    assert shown(rows) == [row[:5] for row in want]
    # What the season shows: a shared place, a best-K cut, players below the minimum.
    places = [row[0] for row in want]
    assert len(places) > len(set(places))
    assert any(row[5] > row[2] for row in want)
    assert apart == [17, 18, 19, 20]
    for number in apart:
        assert NAMES[number - 1] in text(page[page.index('id="apart-h"') :])
    # Every name entered by number is the series' player of that number.
    assert [name for _p, _n, name, *_ in rows] == [NAMES[row[1] - 1] for row in want]

    # A correction in the first tournament moves the Rangliste.
    with app.app_context():
        correct(store.get_db(), tables[ids[0]][0], Amend(1, WIN_B))
    moved = rangliste_rows(client.get(f"/r/{series_id}").text)
    again, _apart = hand_count(season_results(app, ids), counted=2, minimum=2)
    assert shown(moved) == [row[:5] for row in again] != shown(rows)


def public_pages(series_id: str, ids) -> list[str]:
    return [
        f"/r/{series_id}",
        f"/r/{series_id}/board",
        *(f"/r/{series_id}/players/{n}" for n in range(1, 21)),
        f"/r/{series_id}/rangliste.csv",
        f"/r/{series_id}/series.json",
    ]


def downloads_text(client, series_id: str, number: int) -> str:
    """Return the words of the series' PDFs (the Rangliste, the player's results)."""
    words = []
    for path in (f"/r/{series_id}/rangliste.pdf", f"/r/{series_id}/players/{number}/results.pdf"):
        reader = PdfReader(io.BytesIO(client.get(path).data))
        words += [page.extract_text() for page in reader.pages]
    return " ".join(" ".join(words).split())


def test_a_hidden_player_is_a_number_on_every_public_page_and_download(app, client, season):
    series_id, ids, _tables = season
    hidden = NAMES[2]
    answer = client.post(
        f"/r/{series_id}/players/3/hidden",
        data={"csrf_token": csrf(client), "hidden": "1", "key": "hide-three-0001"},
    )
    assert answer.status_code == 303
    public = app.test_client()
    for path in public_pages(series_id, ids):
        body = public.get(path).get_data(as_text=True)
        assert hidden not in body, path
    assert "Spieler 3" in text(public.get(f"/r/{series_id}").text)
    assert "Spieler 3" in text(public.get(f"/r/{series_id}/players/3").text)
    data = json.loads(public.get(f"/r/{series_id}/series.json").data)
    listed = {p["number"]: p for p in data["players"]}[3]
    assert listed["name"] == "Spieler 3" and listed["hidden"] is True
    pdfs = downloads_text(public, series_id, 3)
    assert hidden not in pdfs and "Spieler 3" in pdfs
    # The organiser still sees the name.
    assert hidden in text(client.get(f"/r/{series_id}/organiser").text)


def test_a_forgotten_player_is_gone_from_the_pages_downloads_and_kept_files(app, client, season):
    series_id, ids, _tables = season
    gone = NAMES[4]
    public = app.test_client()
    # Downloads kept before the forget: they must go with it.
    for path in public_pages(series_id, ids)[-2:]:
        assert public.get(path).status_code == 200
    public.get(f"/r/{series_id}/rangliste.pdf")
    public.get(f"/t/{ids[0]}/results.csv")
    kept = Path(app.instance_path) / "exports"
    assert any(gone.encode() in f.read_bytes() for f in kept.iterdir() if f.is_file())
    asked = client.get(f"/r/{series_id}/players/5/forget")
    assert "endgültig" in text(asked.text)
    answer = client.post(
        f"/r/{series_id}/players/5/forget",
        data={"csrf_token": csrf(client), "key": "forget-five-0001"},
    )
    assert answer.status_code == 303
    everywhere = [
        *public_pages(series_id, ids),
        f"/r/{series_id}/organiser",
        *(f"/t/{tid}" for tid in ids),
        *(f"/t/{tid}/results" for tid in ids),
        *(f"/t/{tid}/results.csv" for tid in ids),
    ]
    for path in everywhere:
        assert gone not in client.get(path).get_data(as_text=True), path
    assert gone not in downloads_text(client, series_id, 5)
    assert not any(gone.encode() in f.read_bytes() for f in kept.iterdir() if f.is_file())
    # The results stay under the number.
    assert "Spieler 5" in text(public.get(f"/r/{series_id}/players/5").text)
