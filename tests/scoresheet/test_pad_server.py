"""The pad's words from the server (issue 33): a recorded tap's confirmation names what it
recorded, with or without script; what the pad's script refuses before the outbox is the
engine's own, in the server's words."""

import html
import re

from bauerblock.games.bauerchen.rules.cards import achievable


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


def test_the_pads_checks_are_the_engines(client, new_sheet, tap):
    sheet_id = new_sheet()
    page = client.get(f"/s/{sheet_id}/edit").text
    cp = re.search(r'<input id="cp"[^>]*>', page, re.S).group(0)
    impossible = {int(n) for n in re.search(r'data-impossible="([\d,]*)"', cp).group(1).split(",")}
    total = int(re.search(r'data-total="(\d+)"', cp).group(1))
    # Lautern plays to 130 with a last-trick bonus: what no set of tricks gives, exactly.
    assert impossible == set(range(total + 1)) - achievable(10)
    words = html.unescape(re.search(r'data-refused="([^"]*)"', cp).group(1))
    # The server's words for the same refusal, with the number in it.
    refused = tap(sheet_id, cp_team="B", cp="5", cards="1")
    assert refused.status_code == 422
    said = words.replace("{team}", "B").replace("{points}", "5")
    assert said in html.unescape(refused.text)
