"""The log masks a link's token in every shape of the link, those that answer 404 too
(`/s/<id>/edit;<token>`), and the one list of token links (logs.TOKEN_LINKS, which the
service worker takes too) names every route of the app that takes a token."""

import re

import pytest

from bauerblock.logs import TOKEN_LINKS, mask_tokens

TOKEN = "Zx9-secret_TOKEN"


@pytest.mark.parametrize(
    "path",
    (
        "/s/abc/edit;{t}",
        "/s/abc/edit;;{t}",
        "/s/abc/edit%3B{t}",
        "/s/abc/edit%2F{t}",
        "/s/abc%2Fedit%2F{t}",
        "/g/abc/EDIT;{t}/more",
        "/t/abc/organiser;x/{t}",
        "/s/abc/edit/{t}/extra/parts",
        "/s/abc/edit/{t}?next=1",
        "/t/abc/tables/3/{t}",
        "/t/abc/tables/3;{t}",
    ),
)
def test_a_token_in_a_link_that_answers_404_is_masked(app, client, path):
    address = path.format(t=TOKEN)
    answer = client.get(address)
    assert answer.status_code in (404, 308)
    line = f'127.0.0.1 - - "GET {address} HTTP/1.1" {answer.status_code} 0 "-" "-"'
    masked = mask_tokens(line)
    assert TOKEN not in masked
    assert "…" in masked


def test_every_route_that_takes_a_token_is_a_token_link(app):
    def shape(link: str) -> re.Pattern[str]:
        parts = [r"<[^>]+>" if part == "*" else re.escape(part) for part in link.split("/")]
        return re.compile("^" + "/".join(parts) + "/<token>$")

    shapes = [shape(link) for link in TOKEN_LINKS]
    routes = [str(rule) for rule in app.url_map.iter_rules() if "token" in str(rule)]
    assert routes  # the app has token links
    assert [route for route in routes if not any(s.match(route) for s in shapes)] == []
    for link in TOKEN_LINKS:
        address = link.replace("*", "x1")
        assert mask_tokens(f"{address}/{TOKEN}") == f"{address}/…"
        assert mask_tokens(f"{address};{TOKEN}") == f"{address};…"
        assert mask_tokens(address) == address
