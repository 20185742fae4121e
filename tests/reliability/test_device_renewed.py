"""A right granted renews the device (session fixation): whenever an edit, organiser or group
link (or a create) grants a right, the phone gets a new device id and a new session cookie,
with the rights it held carried over. A session cookie planted on the phone before the link
was opened holds no right afterwards."""

from __future__ import annotations

import pytest

API = "/api/v1"
PLAYERS = ["Hans", "Grete", "Karl", "Lise"]
NAMES = [*PLAYERS, "Otto", "Erna", "Fritz", "Anna"]


def made(client, kind: str) -> tuple[str, str]:
    """Make a thing through the API; return its token link and the page its right opens."""
    if kind == "sheet":
        sheet = client.post(f"{API}/sheets", json={"game": "bauerchen", "players": PLAYERS}).json
        return f"/s/{sheet['id']}/edit/{sheet['edit_token']}", f"/s/{sheet['id']}/edit"
    if kind == "tournament":
        body = {"title": "Preisbauer", "players": NAMES}
        made = client.post(f"{API}/tournaments", json=body).json
        return (
            f"/t/{made['id']}/organiser/{made['edit_token']}",
            f"/t/{made['id']}/organiser",
        )
    group = client.post(f"{API}/groups", json={"name": "Zur Linde", "players": PLAYERS}).json
    # A group's page shows its edit link only to a phone with the right.
    return f"/g/{group['id']}/edit/{group['edit_token']}", f"/g/{group['id']}"


def holds(client, kind: str, page: str) -> bool:
    answer = client.get(page)
    if kind == "group":
        return answer.status_code == 200 and b'class="share"' in answer.data
    return answer.status_code == 200


def session_cookie(app, client) -> str:
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert cookie is not None
    return cookie.value


def device(app, client) -> str:
    serializer = app.session_interface.get_signing_serializer(app)
    return serializer.loads(session_cookie(app, client))["device"]


@pytest.mark.parametrize("kind", ["sheet", "tournament", "group"])
def test_a_cookie_planted_before_a_link_holds_no_right_after(app, kind):
    attacker, phone = app.test_client(), app.test_client()
    # The attacker takes a right of his own (so his cookie has a device id) and plants a copy
    # of his cookie on the phone.
    own_link, own_page = made(attacker, "sheet")
    attacker.get(own_link)
    planted = session_cookie(app, attacker)
    name = app.config["SESSION_COOKIE_NAME"]
    phone.set_cookie(name, planted)
    link, page = made(phone, kind)
    assert not holds(phone, kind, page)

    phone.get(link)  # the phone opens its link: the right is granted to a new device id

    assert holds(phone, kind, page)
    assert session_cookie(app, phone) != planted
    assert device(app, phone) != device(app, attacker)
    assert not holds(attacker, kind, page)  # the planted copy holds nothing of it
    # The phone keeps what its cookie held before (carried over, sealed anew) ...
    assert holds(phone, "sheet", own_page)
    # ... and the old id holds nothing any more.
    assert not holds(attacker, "sheet", own_page)


def test_every_grant_renews_the_device_and_keeps_the_rights(app, client):
    links = [made(client, kind) for kind in ("sheet", "tournament", "group")]
    seen = []
    for link, _page in links:
        client.get(link)
        seen.append(device(app, client))
    assert len(set(seen)) == 3
    for kind, (_link, page) in zip(("sheet", "tournament", "group"), links, strict=True):
        assert holds(client, kind, page), kind
