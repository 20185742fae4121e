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


ROSTER = ["Hans", "Grete", "Karl", "Lise", "Otto"]


def make_group(client, name: str = "Stammtisch Zur Linde", players=ROSTER) -> str:
    """Create a group through its form; return its id (this client may edit it)."""
    data = {"csrf_token": csrf(client), "name": name, "players": "\n".join(players)}
    return created(client, "/g", data, r"/g/([^/]+)")


def start_evening(client, group_id, seats, game="bauerchen", **extra):
    """Start an evening of a group through its form, the seats by roster number."""
    data = {"csrf_token": csrf(client), "game": game, "preset": "", **extra}
    data.update({f"seat{n}": str(number) for n, number in enumerate(seats)})
    return client.post(f"/g/{group_id}/sheets", data=data)


def wait_for_copy(page) -> None:
    """Wait until the service worker controls the page and keeps a copy of the sheet."""
    page.wait_for_function(
        """async () => Boolean(navigator.serviceWorker.controller) &&
                Boolean(await caches.match(location.pathname, {cacheName: "bauerblock-pages"}))"""
    )
