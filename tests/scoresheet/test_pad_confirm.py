"""A recorded tap's confirmation names what it recorded, with or without script (issue 33)."""

import re


def said(html: str) -> str:
    found = re.search(r'class="banner ok undo".*?<span>(.*?)</span>', html, re.S)
    assert found, html
    return re.sub(r"\s+", " ", found.group(1)).strip()


def test_the_undo_bar_names_the_game_and_its_points(client, new_sheet, tap):
    sheet_id = new_sheet()
    # Hans deals game 1: B is home; A wins away frei (1 + 1).
    answer = tap(sheet_id, result="A:frei")
    assert said(answer.text) == "Spiel 1: A frei +2 eingetragen"
    # Without script: the page after the redirect says it.
    tap(sheet_id, htmx=False, result="B:schwarz", melds_A="20")
    page = client.get(f"/s/{sheet_id}/edit")
    assert said(page.text) == "Spiel 2: B schwarz, A 20er (A +1, B +4) eingetragen"
    english = client.post(
        f"/s/{sheet_id}/games",
        data={
            **dict(
                re.findall(r'name="(csrf_token|version|key|number)" value="([^"]*)"', page.text)
            ),
            "result": "A:schwarz",
        },
        headers={"HX-Request": "true", "Accept-Language": "en"},
    )
    assert said(english.text) == "Game 3: A schwarz +4 recorded"  # B home: A away
