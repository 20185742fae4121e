"""A series player's page counts in words: 1 point is "1 Punkt" ("1 point"), not "1 Punkte"."""

from tests.series.test_pages_downloads import rows_of
from tests.series.through_pages import (
    NAMES,
    ONE_DRAW,
    add_players,
    make_tournament,
    new_series,
    play,
    text,
    tournament_ids,
)


def test_a_player_with_one_point_reads_1_punkt(app, client):
    # The tournament's own points: one draw of one round gives its winners 1 point each.
    series_id = new_series(client, season="2027", scoring="tournament")
    add_players(client, series_id, NAMES)
    lines = [str(n) for n in range(1, 9)]
    make_tournament(client, series_id, title="PB 1", lines=lines, **ONE_DRAW)
    play(app, client, tournament_ids(client, series_id)[0])
    rows = rows_of(client.get(f"/r/{series_id}/rangliste.csv").data, ";")
    one = next(row for row in rows[1:] if row[3] == "1")
    page = client.get(f"/r/{series_id}/players/{one[1]}").text
    assert "· 1 Punkt</p>" in page and "1 Punkte" not in page
    english = client.get(f"/r/{series_id}/players/{one[1]}", headers={"Accept-Language": "en"})
    assert "· 1 point</p>" in english.text and "1 points" not in english.text


def test_one_tournament_reads_1_turnier_and_the_best_one_counts(app, client):
    series_id = new_series(client, season="2027", counted="1", planned="3")
    add_players(client, series_id, NAMES)
    make_tournament(
        client, series_id, title="PB 1", lines=[str(n) for n in range(1, 9)], **ONE_DRAW
    )
    page = text(client.get(f"/r/{series_id}").text)
    assert "das beste von 3 Turnieren" in page and "die besten 1" not in page
    board = text(client.get(f"/r/{series_id}/board").text)
    assert "2027 · 1 Turnier" in board and "1 Turniere" not in board
    english = {"Accept-Language": "en"}
    assert "the best of 3 tournaments" in text(client.get(f"/r/{series_id}", headers=english).text)
    board = text(client.get(f"/r/{series_id}/board", headers=english).text)
    assert "2027 · 1 tournament" in board and "1 tournaments" not in board
