"""Helpers for the score sheet tests: form fields and tokens read off the pages."""

import re

PLAYERS = ["Hans", "Grete", "Karl", "Lise"]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}


def field(html: str, name: str) -> str:
    """Return the value of the first hidden input `name` in a page."""
    match = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert match, f"no field {name}"
    return match.group(1)


def csrf(client) -> str:
    """Return the session's CSRF token, from the start page."""
    return field(client.get("/").text, "csrf_token")


def created(client, path: str, data: dict[str, str], location: str) -> str:
    """Post a form that makes something; return the id its 303 names (`location`'s group)."""
    response = client.post(path, data=data)
    assert response.status_code == 303, response.text
    match = re.fullmatch(location, response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def entry_form(html: str) -> dict[str, str]:
    """Return the hidden fields of the entry form (CSRF token, key, version, number)."""
    form = html[html.index('id="entry-form"') :]
    return {name: field(form, name) for name in ("csrf_token", "key", "version", "number")}


def first_load(client, path: str) -> int:
    """Return the bytes a first visit of `path` fetches, compressed: the page and its assets."""
    gzip = {"Accept-Encoding": "gzip, deflate"}
    total = len(client.get(path, headers=gzip).data)
    for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', client.get(path).text):
        with client.get(asset, headers=gzip) as answer:
            total += len(answer.data)
    return total
