"""One refusal, one status: the organiser's page answers a refused step as the API does.

Each case refuses the same step of one tournament on both faces (made through the form,
its token read from the organiser's right) and checks both against the refusal map. A
refusal changes nothing, so the second face meets the state the first one met.
"""

import html
import re

import pytest

from bauerblock.web.refusals.statuses import status_of_code
from tests.tournament.conftest import NAMES
from tests.tournament.test_pages_tournament import post

TOURNAMENTS = "/api/v1/tournaments"


def api(client, tournament_id, token, method, path, key=None, **options):
    headers = {"Authorization": f"Bearer {token}"}
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.open(
        f"{TOURNAMENTS}/{tournament_id}{path}", method=method, headers=headers, **options
    )


def alert(page) -> str:
    """Return the words the page shows beside the refused step."""
    said = re.findall(r'class="field-error"[^>]*>([^<]+)<', page.text)
    return html.unescape(said[0]) if said else ""


def too_few(client, tournament_id, token):
    for number in range(1, 6):
        api(client, tournament_id, token, "DELETE", f"/players/{number}")


def playing(client, tournament_id, token):
    assert api(client, tournament_id, token, "POST", "/draws", json={}).status_code == 201


def keyed(client, tournament_id, token):
    form = post(client, f"/t/{tournament_id}/players", names="Ida", key="late-entry-one")
    assert form.status_code == 303
    made = api(
        client, tournament_id, token, "POST", "/players", "late-entry-api", json={"name": "Ida2"}
    )
    assert made.status_code == 201


CASES = [
    # (what comes first, the page's step, the API's step, the refusal's code)
    (
        too_few,
        lambda client, t: post(client, f"/t/{t}/draws"),
        lambda client, t, token: api(client, t, token, "POST", "/draws", json={}),
        "too_few_players",
    ),
    (
        playing,
        lambda client, t: post(client, f"/t/{t}/draws"),
        lambda client, t, token: api(client, t, token, "POST", "/draws", json={}),
        "draw_still_playing",
    ),
    (
        keyed,
        lambda client, t: post(client, f"/t/{t}/players", names="Paul", key="late-entry-one"),
        lambda client, t, token: api(
            client, t, token, "POST", "/players", "late-entry-api", json={"name": "Paul"}
        ),
        "idempotency_conflict",
    ),
    (
        lambda client, t, token: None,
        lambda client, t: post(client, f"/t/{t}/draws/3/end"),
        lambda client, t, token: api(client, t, token, "POST", "/draws/3/end"),
        "draw_not_found",
    ),
]


@pytest.mark.parametrize(("first", "page_step", "api_step", "code"), CASES)
def test_a_refused_step_has_one_status_on_both_faces(
    client, new_tournament, organiser_token, state, first, page_step, api_step, code
):
    tournament_id = new_tournament(players=NAMES)
    token = organiser_token(tournament_id)
    first(client, tournament_id, token)
    before = state(tournament_id)
    page = page_step(client, tournament_id)
    answer = api_step(client, tournament_id, token)
    assert page.status_code == answer.status_code == status_of_code(code)
    assert answer.get_json()["reason"] == code
    if page.status_code != 404:
        # The organiser's page again, in German, with why the step was refused.
        words = alert(page)
        assert words and words != answer.get_json()["message"]
    assert state(tournament_id) == before
