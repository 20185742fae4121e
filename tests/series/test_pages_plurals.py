"""A series player's page counts in words: 1 point is "1 Punkt" ("1 point"), not "1 Punkte"."""

from tests.series.test_pages_downloads import rows_of
from tests.series.through_pages import (
    NAMES,
    ONE_DRAW,
    add_players,
    make_tournament,
    new_series,
    play,
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
