"""The Paarturnier's pages through Flask's test client: form, organiser, cards, board, results."""

import io
import re
from collections import Counter
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from pypdf import PdfReader

from bauerblock import store
from bauerblock.services import sheets as service
from tests.pages import csrf
from tests.tournament.addresses import every_page
from tests.versions import if_match

HX = {"HX-Request": "true"}
HOSTILE = "<b onmouseover=alert(1)>x"
PAIRS = [f"Erste {n} / Zweite {n}" for n in range(1, 9)]
ROUND_A = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}
ROUND_B = {"result": {"winner": "B", "band": "schwarz"}, "spritz": 4}


def post(client, path, htmx=False, **data):
    data.setdefault("csrf_token", csrf(client))
    return client.post(path, data=data, headers=HX if htmx else {})


def create(client, pairs=PAIRS, **extra):
    data = {"title": "Bauer-WM", "preset": "lautern", "kind": "pairs", "pairs": "\n".join(pairs)}
    response = post(client, "/t", **{**data, **extra})
    assert response.status_code == 303, response.text
    return re.fullmatch(r"/t/([^/]+)/organiser", response.headers["Location"])[1]


@pytest.fixture
def made(client):
    """Return a Paarturnier of eight pairs made through the form (one round wins a match)."""
    return create(client, rounds_to_win="1")


def draw(client, tournament_id):
    response = post(client, f"/t/{tournament_id}/draws")
    assert response.status_code == 303, response.text
    return client.get(response.headers["Location"])


def play_draw(app, state, tournament_id, lower_wins=True):
    """Play every match of the latest draw: the pair with the lower number wins."""
    latest = state(tournament_id)["draws"][-1]
    with app.app_context():
        for table in latest["tables"]:
            one, two = table["pairs"]
            entry = ROUND_A if (one < two) == lower_wins else ROUND_B
            service.record_game(store.get_db(), table["sheet"]["id"], entry)


def test_the_form_asks_which_tournament_in_german_and_english(client):
    page = client.get("/t/new").text
    assert "Preisbauer: Partner werden gelost" in page
    assert "Paarturnier: feste Paare, Gruppen und K.-o." in page
    assert 'name="kind" value="pairs"' in page and 'name="pairs"' in page
    for name in ("rounds_to_win", "group_size", "advance", "third_place"):
        assert f'name="{name}"' in page
    english = client.get("/t/new", headers={"Accept-Language": "en"}).text
    assert "Pair tournament: fixed pairs, groups and knock-out" in english


def test_pasted_pairs_make_a_paarturnier(client, made, state):
    t = state(made)
    assert t["kind"] == "pairs" and len(t["pairs"]) == 8
    assert t["pairs"][0]["names"] == ["Erste 1", "Zweite 1"]
    assert t["format"]["rounds_to_win"] == 1 and t["format"]["third_place"] is True
    other = create(client, pairs=["1. Anne & Eva", "Bernd\tUwe", "", "Karl + Lise", "Hans / Grete"])
    assert [p["names"] for p in state(other)["pairs"]] == [
        ["Anne", "Eva"],
        ["Bernd", "Uwe"],
        ["Karl", "Lise"],
        ["Hans", "Grete"],
    ]
    page = client.get(f"/t/{made}/organiser").text
    assert "Erste 1 / Zweite 1" in page and 'id="draw-next"' in page and "Gruppenrunde 1" in page


@pytest.mark.parametrize(
    ("fields", "field_name", "words"),
    [
        ({"pairs": "Bernd / Uwe\nAllein"}, "pairs", "Zeile 2: zwei Namen"),
        ({"group_size": "7"}, "group_size", "von 3 bis 6"),
        ({"advance": "3"}, "advance", "von 1 bis 2"),
        ({"rounds_to_win": "6"}, "rounds_to_win", "von 1 bis 5"),
        ({"third_place": "vielleicht"}, "third_place", "Platz 3"),
        ({"kind": "liga"}, "kind", "welches Turnier"),
    ],
)
def test_bad_pair_settings_are_shown_beside_their_field(client, app, fields, field_name, words):
    data = {"title": "Bauer-WM", "kind": "pairs", "pairs": "\n".join(PAIRS), **fields}
    response = post(client, "/t", **data)
    assert response.status_code == 422
    assert re.search(rf'id="{field_name}-error" role="alert">[^<]*{words}', response.text)
    with app.app_context():
        assert store.get_db()["tournaments"].count == 0


def test_the_engine_refuses_in_words_beside_the_pairs(client):
    twice = [*PAIRS[:4], "Erste 1 / Neu"]
    response = post(client, "/t", title="Bauer-WM", kind="pairs", pairs="\n".join(twice))
    assert response.status_code == 422
    said = "„Erste 1“ steht zweimal in der Liste (Paar 1 und Paar 5)."
    assert f'id="pairs-error" role="alert">{said}' in response.text
    assert re.search(r'<textarea id="pairs"[^>]*aria-invalid="true"', response.text)
    english = client.post(
        "/t",
        data={"csrf_token": csrf(client), "title": "W", "kind": "pairs", "pairs": "A / B"},
        headers={"Accept-Language": "en"},
    )
    said = "A pair tournament has 4 to 64 pairs, not 1."
    assert f'id="pairs-error" role="alert">{said}' in english.text


def test_the_first_draw_shows_groups_and_matches_with_their_stage(client, made, state):
    page = draw(client, made).text
    assert "Gruppenrunde 1 von 3" in page
    assert re.search(r"Gruppe [AB], Runde 1", page)
    assert "Gruppe A" in page and "Gruppe B" in page
    assert page.count('class="table') >= 4
    cards = client.get(f"/t/{made}/draws/1/cards").text
    assert cards.count('<article class="card"') == 4
    table = state(made)["draws"][0]["tables"][0]
    one = state(made)["pairs"][table["pairs"][0] - 1]["names"]
    assert f"{one[0]} / {one[1]}" in cards and re.search(r"Gruppe [AB], Runde 1", cards)
    assert "bis eine gewonnene Runde" in cards
    wall = client.get(f"/t/{made}/draws/1/wall").text
    assert "Gruppenrunde 1 von 3" in wall and wall.count("<tr>") == 5
    # The pad of a match says where it stands in rounds won (one round: in the singular).
    pad = client.get(f"/s/{table['sheet']['id']}").text
    assert "bis zu 1 gewonnenen Runde" in pad and "1 gewonnenen Runden" not in pad


def test_the_board_shows_groups_then_the_bracket_then_the_podium(app, client, made, state):
    board = client.get(f"/t/{made}").text
    assert "Erste 8 / Zweite 8" in board and "Gleich geht es los" in board
    for _ in range(3):
        draw(client, made)
        board = client.get(f"/t/{made}").text
        assert "phase-groups" in board and "Gruppe A" in board and "bracket" not in board
        play_draw(app, state, made)
    organiser = client.get(f"/t/{made}/organiser").text
    assert "Auslosen" in organiser and "(Halbfinale)" in organiser
    draw(client, made)
    board = client.get(f"/t/{made}").text
    assert "phase-knockout" in board and "Halbfinale" in board and "Finale" in board
    assert board.count('class="bmatch playing"') == 2
    # The group tables stay below the bracket: who came from where.
    assert board.count('class="standings group-table"') == 2 and "Gruppe B" in board
    # A live score of an open semi-final.
    semi = state(made)["draws"][-1]["tables"][0]
    with app.app_context():
        service.record_game(
            store.get_db(), semi["sheet"]["id"], {"result": {"winner": "A", "band": "frei"}}
        )
    board = client.get(f"/t/{made}").text
    assert re.search(r'class="score-now">\(\d+:\d+\)', board)
    play_draw(app, state, made)
    draw(client, made)
    board = client.get(f"/t/{made}").text
    assert "Spiel um Platz 3" in board
    play_draw(app, state, made)
    t = state(made)
    assert t["finished"]
    board = client.get(f"/t/{made}").text
    assert "phase-finished" in board and "Endstand" in board
    assert board.count('class="standings group-table"') == 2
    # The third-place match stands in the winner's column, under the winner.
    winner_column = board[board.index('class="bround bround-champion"') :]
    assert winner_column.index("champion") < winner_column.index("Spiel um Platz 3")
    champion = " / ".join(t["pairs"][t["standings"][0]["pair"] - 1]["names"])
    assert re.search(rf'class="bmatch champion">.*{champion}', board)
    organiser = client.get(f"/t/{made}/organiser").text
    assert "Das Turnier ist zu Ende." in organiser and 'id="draw-next"' not in organiser
    results = client.get(f"/t/{made}/results").text
    assert "Endstand" in results and "Halbfinale" in results and "Gruppe B" in results
    pdf = client.get(f"/t/{made}/results.pdf")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.data)).pages)
    assert "Endstand" in text and champion in text
    csv = client.get(f"/t/{made}/results.csv").data.decode("utf-8-sig")
    # For people: German words and ";", the stages named ("Finale", not "final").
    assert csv.startswith("Platz;Nr.;Paar;Erreicht") and champion in csv
    assert "Halbfinale" in csv and "semifinal" not in csv
    assert "Platz ausgelost" in csv and "Partien gewonnen" in csv
    english = client.get(f"/t/{made}/results.csv", headers={"Accept-Language": "en"})
    assert english.data.decode("utf-8-sig").startswith("Place,No.,Pair,Reached")


def test_polls_answer_the_live_part_or_304(client, made):
    # The Paarturnier's stylesheet comes with its pages alone.
    assert "pairs.css" in client.get(f"/t/{made}").text
    assert "pairs.css" not in client.get("/t/new").text
    draw(client, made)
    board = client.get(f"/t/{made}", headers=HX)
    assert board.status_code == 200 and board.text.lstrip().startswith('<div id="tboard"')
    again = client.get(f"/t/{made}", headers={**HX, "If-None-Match": board.headers["ETag"]})
    assert again.status_code == 304
    live = client.get(f"/t/{made}/organiser", headers=HX)
    assert live.text.lstrip().startswith('<section id="live"') and "Gruppe A" in live.text


def test_redo_and_end_a_group_round(app, client, made, state):
    page = draw(client, made).text
    assert 'id="redo"' in page
    first = state(made)["draws"][0]["seed"]
    response = post(client, f"/t/{made}/draws/1/redo")
    assert response.status_code == 303 and state(made)["draws"][0]["seed"] != first
    ask = client.get(f"/t/{made}/draws/1/end")
    assert ask.status_code == 200 and "Erste" in ask.text and "0:0 Runden" in ask.text
    assert post(client, f"/t/{made}/draws/1/end").status_code == 303
    assert state(made)["draws"][0]["ended"] is True
    busy = post(client, f"/t/{made}/players", names="Spät")
    assert busy.status_code == 409 and "Die Paare eines Paarturniers stehen fest" in busy.text


def test_hostile_names_are_inert_and_no_page_has_inline_style(app, client, state):
    made = create(client, pairs=[f"{HOSTILE} / Zweite", *PAIRS[1:4]], rounds_to_win="1")
    draw(client, made)
    for path in every_page(made):
        page = client.get(path).text
        assert HOSTILE not in page, path
        assert "&lt;b onmouseover=alert(1)&gt;x" in page, path
        assert not re.search(r"\sstyle=|<style", page), path


def test_a_closed_group_round_is_corrected_from_the_organiser_page(app, client, made, state):
    draw(client, made)
    play_draw(app, state, made)
    page = draw(client, made).text
    assert "1 von 4 Partien fertig" not in page and "0 von 4 Partien fertig" in page
    earlier = page[page.index('id="earlier"') :]
    assert "Gruppenrunde 1 von 3" in earlier and earlier.count("Korrigieren") >= 4
    assert re.search(r"Gruppe [AB], Runde 1", earlier)
    table = state(made)["draws"][0]["tables"][0]
    with app.app_context():
        head = store.load_head(store.get_db(), table["sheet"]["id"])
        assert head.tournament["closed"] and head.tournament["closed_by"] == "next_draw"


LONG_PAIRS = [
    f"Manfred Zöller-Schneidersmann {n} / Helmut Oberbürgermeister {n}" for n in range(1, 9)
]


def test_the_results_pdf_prints_whole_names_and_keeps_rows_together(app, client, state):
    made = create(client, pairs=LONG_PAIRS, rounds_to_win="1")
    for _ in range(6):
        if state(made)["finished"]:
            break
        draw(client, made)
        play_draw(app, state, made)
    assert state(made)["finished"]
    pdf = client.get(f"/t/{made}/results.pdf")
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf.data)).pages]
    text = re.sub(r"\s+", " ", " ".join(pages))
    # Every name whole (wrapped at a space, never cut with a "."): in the ranking and the
    # groups, and once more for each knock-out match a pair played.
    played = Counter(
        pair
        for made_draw in state(made)["draws"][3:]
        for t in made_draw["tables"]
        for pair in t["pairs"]
    )
    assert sum(played.values()) == 8  # two semi-finals, the final and the third place
    for number, names in enumerate(LONG_PAIRS, start=1):
        first, second = names.split(" / ")
        assert text.count(first) == text.count(second) == 2 + played[number], names
    assert "Schneidersm." not in text and "Oberbürg." not in text
    assert "bis 1 gewonnene Runde ·" in text
    # No section starts at a page's foot with fewer than three of its rows: each page but the
    # first begins with a section's title or a row, never heads alone at the end of the last.
    for page in pages[:-1]:
        tail = page.strip().splitlines()[-3:]
        assert not any(line.startswith(("Platz Paar", "Runde Spiel")) for line in tail), tail


def test_the_pages_say_what_a_corrected_semifinal_moved(app, client, made, state, organiser_token):
    for _ in range(3):
        draw(client, made)
        play_draw(app, state, made)
    draw(client, made)  # the semi-finals
    play_draw(app, state, made)
    draw(client, made)  # the final and the third place, no game yet
    semi = state(made)["draws"][3]["tables"][0]
    final = state(made)["draws"][4]["tables"]
    winner, loser = sorted(semi["pairs"])
    # The organiser corrects semi-final 1 so that its other pair won.
    token = organiser_token(made)
    corrected = client.put(
        f"/api/v1/sheets/{semi['sheet']['id']}/games/1",
        json=ROUND_A if semi["pairs"][0] == loser else ROUND_B,
        headers={"Authorization": f"Bearer {token}", **if_match(client, semi["sheet"]["id"])},
    )
    assert corrected.status_code == 200, corrected.json
    line = f"Halbfinale 1 korrigiert: Finale jetzt mit Paar {loser} statt Paar {winner}"
    third = f"Halbfinale 1 korrigiert: Spiel um Platz 3 jetzt mit Paar {winner} statt Paar {loser}"
    for page in ("", "/organiser", "/results"):
        text = client.get(f"/t/{made}{page}").text
        assert line in text and third in text, page
    # The correction's time in the tournament's local time (Europe/Berlin), not UTC.
    at = datetime.fromisoformat(state(made)["corrections"][-1]["at"])
    local = at.astimezone(ZoneInfo("Europe/Berlin")).strftime("%H:%M")
    organiser = client.get(f"/t/{made}/organiser").text
    assert f"{local}</time>" in organiser and " UTC</time>" not in organiser
    cards = client.get(f"/t/{made}/draws/5/cards").text
    final_card = cards[cards.index(f'id="card-{final[0]["number"]}"') :]
    assert line in final_card[: final_card.index("</article>")]
    english = client.get(f"/t/{made}", headers={"Accept-Language": "en"}).text
    assert (
        f"Semi-final 1 corrected: Final now with pair {loser} instead of pair {winner}" in english
    )


def pad_of(client, table: dict) -> str:
    """Open a match's pad through its table's edit link; return the page."""
    sheet = table["sheet"]
    opened = client.get(f"/s/{sheet['id']}/edit/{sheet['edit_token']}", follow_redirects=True)
    assert opened.status_code == 200
    return re.sub(r"\s+", " ", opened.text)


def story_of(pad: str, pair: int) -> str:
    """Return the words the pad tells of a pair of its match."""
    found = re.search(
        rf'<li><span class="pno">{pair}</span> <bdi>[^<]*</bdi>: <strong>([^<]+)</strong>', pad
    )
    assert found, pad[pad.find('class="table-done"') :][:1500]
    return found[1]


def test_each_pairs_phone_tells_what_comes_next(app, client, made, state, organiser_token):
    token = organiser_token(made)

    def tables(number):
        return state(made, token=token)["draws"][number - 1]["tables"]

    draw(client, made)
    play_draw(app, state, made)
    first = tables(1)[0]
    pad = pad_of(client, first)
    for pair in first["pairs"]:
        assert story_of(pad, pair) == "Als Nächstes: Gruppenrunde 2."
    # The finished match keeps its result in the big digits: 1:0 in rounds won, not 0:0.
    assert re.findall(r'<div class="score">(\d+)</div>', pad) == ["1", "0"] or re.findall(
        r'<div class="score">(\d+)</div>', pad
    ) == ["0", "1"]
    assert "Warten auf die nächste Auslosung" not in pad
    for _ in range(2):
        draw(client, made)
        play_draw(app, state, made)
    last_group = tables(3)
    stories = {
        pair: story_of(pad_of(client, table), pair)
        for table in last_group
        for pair in table["pairs"]
    }
    # Each group of four ranks by number (the lower wins): two go on, two are out.
    lines = state(made)["standings"]
    for line in lines:
        told = stories[line["pair"]]
        if line["stage"] == "group":
            assert told == f"Ausgeschieden in der Gruppe – Endplatz {line['place']}.", line
        else:
            assert told == "Als Nächstes: Halbfinale.", line
    assert sum(line["stage"] == "group" for line in lines) == 4
    draw(client, made)
    play_draw(app, state, made)
    draw(client, made)
    play_draw(app, state, made)
    assert state(made)["finished"]
    final = next(t for t in tables(5) if not t["third_place"])
    champion, finalist = sorted(final["pairs"])
    pad = pad_of(client, final)
    assert story_of(pad, champion) == "Turniersieger!"
    assert story_of(pad, finalist) == "Finale verloren – Platz 2"
    english = client.get(f"/s/{final['sheet']['id']}/edit", headers={"Accept-Language": "en"}).text
    assert "Tournament winner!" in english and "Final lost – place 2" in english
