"""One refusal, one status: the pad answers a refused write as the API answers it.

Each case makes the same refusal on both faces of one sheet (a sheet made through the API,
its pad opened with the edit link) and checks both against the refusal map.
"""

import re
import uuid

import pytest

from bauerblock.store.errors import GameNotFound, IdempotencyConflict, StaleVersion
from bauerblock.web.refusals.statuses import status_of
from tests.pages import entry_form, field

SHEETS = "/api/v1/sheets"
HX = {"HX-Request": "true"}
FREI_A = {"result": {"winner": "A", "band": "frei"}}


@pytest.fixture
def made(client):
    """Make a Bauerchen sheet through the API and open its pad with the edit link."""
    body = client.post(
        SHEETS,
        json={"game": "bauerchen", "players": ["Hans", "Grete", "Karl", "Lise"]},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    ).get_json()
    opened = client.get(f"/s/{body['id']}/edit/{body['edit_token']}", follow_redirects=True)
    assert opened.status_code == 200
    return body


def api(client, sheet, method, path, **options):
    headers = {"Authorization": f"Bearer {sheet['edit_token']}", **options.pop("headers", {})}
    return client.open(f"{SHEETS}/{sheet['id']}{path}", method=method, headers=headers, **options)


def pad_form(client, sheet):
    return entry_form(client.get(f"/s/{sheet['id']}/edit").text)


def key_reused_on_the_pad(client, sheet):
    form = {**pad_form(client, sheet), "key": uuid.uuid4().hex}
    assert client.post(f"/s/{sheet['id']}/games", data={**form, "result": "A:frei"}).status_code
    return client.post(f"/s/{sheet['id']}/games", data={**form, "result": "B:frei"}, headers=HX)


def key_reused_in_the_api(client, sheet):
    key = {"Idempotency-Key": uuid.uuid4().hex}
    assert api(client, sheet, "POST", "/games", json=FREI_A, headers=key).status_code == 201
    other = {"result": {"winner": "B", "band": "frei"}}
    return api(client, sheet, "POST", "/games", json=other, headers=key)


def stale_undo_on_the_pad(client, sheet):
    """Undo game 1 twice from the same page: the second finds its game gone, and the page
    older than the sheet."""
    form = pad_form(client, sheet)
    tapped = client.post(f"/s/{sheet['id']}/games", data={**form, "result": "A:frei"}, headers=HX)
    bar = tapped.text[tapped.text.index('class="banner ok undo"') :]
    undo = re.search(r'action="([^"]+)"', bar).group(1)
    data = {name: field(bar, name) for name in ("csrf_token", "version")}
    assert client.post(undo, data=data, headers=HX).status_code == 200
    return client.post(undo, data=data, headers=HX)


def stale_undo_in_the_api(client, sheet):
    assert api(client, sheet, "POST", "/games", json=FREI_A).status_code == 201
    tag = {"If-Match": client.get(f"{SHEETS}/{sheet['id']}").headers["ETag"]}
    assert api(client, sheet, "DELETE", "/games/1", headers=tag).status_code == 200
    return api(client, sheet, "DELETE", "/games/1", headers=tag)


def gone_undo_on_the_pad(client, sheet):
    """Undo a game the sheet never had, from a form that names no version."""
    form = pad_form(client, sheet)
    data = {"csrf_token": form["csrf_token"]}
    return client.post(f"/s/{sheet['id']}/games/3/delete", data=data, headers=HX)


def gone_undo_in_the_api(client, sheet):
    # The API's deletion names the version it was decided on (If-Match, required).
    tag = {"If-Match": client.get(f"{SHEETS}/{sheet['id']}").headers["ETag"]}
    return api(client, sheet, "DELETE", "/games/3", headers=tag)


CASES = [
    # (the refusal, the pad's request, the API's, what the pad's banner says)
    (
        IdempotencyConflict(),
        key_reused_on_the_pad,
        key_reused_in_the_api,
        "schon mit anderen Angaben geschickt",
    ),
    (StaleVersion(1, 2), stale_undo_on_the_pad, stale_undo_in_the_api, "gibt es nicht mehr"),
    (GameNotFound("s", 3), gone_undo_on_the_pad, gone_undo_in_the_api, "gibt es nicht mehr"),
]


@pytest.mark.parametrize(
    ("refusal", "on_the_pad", "in_the_api", "words"),
    CASES,
    ids=["key reused", "stale undo of a gone game", "undo of a game never there"],
)
def test_the_pad_and_the_api_answer_a_refusal_with_one_status(
    client, made, refusal, on_the_pad, in_the_api, words
):
    pad = on_the_pad(client, made)
    other = client.post(
        SHEETS,
        json={"game": "bauerchen", "players": ["Hans", "Grete", "Karl", "Lise"]},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    ).get_json()
    answer = in_the_api(client, other)
    assert pad.status_code == answer.status_code == status_of(refusal)
    # The pad shows the sheet again, the words in German in the entry's banner.
    assert 'id="board"' in pad.text
    error = re.search(r'class="banner error" role="alert">(.*?)<', pad.text, re.S)
    assert error is not None and words in error.group(1)
