"""The pad's templates are served without their indentation (bauerblock/web/indent.py)."""

import re
from pathlib import Path

from bauerblock.web.indent import PAD_TEMPLATES, Unindented
from tests.pages import PLAYERS, created, csrf

PACKAGE = Path(__file__).resolve().parents[2] / "bauerblock"


def test_a_sheets_page_comes_without_indentation_and_keeps_its_words_apart(client):
    data = {"csrf_token": csrf(client), "first_dealer": "0", "preset": "lautern"}
    data.update({f"player{seat}": name for seat, name in enumerate(PLAYERS)})
    sheet_id = created(client, "/s", data, r"/s/([^/]+)/edit")
    page = client.get(f"/s/{sheet_id}/edit").text
    assert not re.search(r"\n[ \t]{2,}", page)
    assert not re.search(r"\n[ \t]*\n[ \t]*\n", page)
    # Where two lines met a newline stands: the words on either side stay two words.
    assert re.search(r"Runde <span[^>]*>1</span>, Spiel <span[^>]*>1</span> ·\n<bdi>", page)


def test_only_the_pads_html_templates_lose_their_indentation(app):
    unindented = Unindented(app.jinja_env)
    source = "<p>\n  <b>x</b>\n\n  y</p>\n"
    assert unindented.preprocess(source, "scoresheet/sheet.html") == "<p>\n<b>x</b>\ny</p>\n"
    for other in ("tournament/new.html", "scoresheet/sw.js", None):
        assert unindented.preprocess(source, other) == source


def test_the_pads_templates_hold_no_text_whose_spaces_count():
    for folder in PAD_TEMPLATES:
        package = folder.rstrip("/")
        for path in (PACKAGE / package / "templates" / package).rglob("*.html"):
            assert not re.search(r"<(pre|textarea)\b", path.read_text()), path
