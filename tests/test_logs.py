"""The log mask finds a link's token however the address is spelled: repeated slashes,
";" parameters, the query's name in any case, percent-encoded (one case a variant)."""

import pytest

from bauerblock.logs import mask_tokens

TOKEN = "Zx9-secret_TOKEN"


@pytest.mark.parametrize(
    "line",
    (
        "GET /s/abc/edit/{t} HTTP/1.1",
        "GET /s/abc//edit/{t} HTTP/1.1",
        "GET //s/abc/edit//{t} HTTP/1.1",
        "GET /g/abc//edit/{t}/ HTTP/1.1",
        "GET /t/abc//organiser//{t} HTTP/1.1",
        "GET /s/abc;v=1/edit;x=2/{t} HTTP/1.1",
        "GET /s/abc/EDIT/{t} HTTP/1.1",
        "GET /s/abc/edit;token={t} HTTP/1.1",
        "GET /s/abc/edit?token={t} HTTP/1.1",
        "GET /s/abc/edit?TOKEN={t} HTTP/1.1",
        "GET /s/abc/edit?a=1&Token={t}&b=2 HTTP/1.1",
        "GET /next%3FToKeN%3D{t} HTTP/1.1",
        "GET /x%3Btoken%3d{t} HTTP/1.1",
        'error on "/t/abc/organiser/{t}"',
    ),
)
def test_every_spelling_of_a_link_is_masked(line):
    masked = mask_tokens(line.format(t=TOKEN))
    assert TOKEN not in masked
    assert "…" in masked


def test_what_is_no_token_is_left_as_it_is():
    for line in ("GET /s/abc HTTP/1.1", "GET /s/abc/edit HTTP/1.1", "GET /?tokens=3 HTTP/1.1"):
        assert mask_tokens(line) == line
