"""Fuzzing: schemathesis over every operation of the app's own OpenAPI document, in-process.

Each generated request goes to the app through WSGI (no server, so it is fast), as generated
or aimed at a real sheet of each game or a real tournament: with its edit token, a wrong one
or none, and now and then with a valid body, so that the refusals (401, 403, 404, 409, 412,
422) and the real answers are all exercised. Checks: no 5xx; status codes, content types,
headers and bodies as the document says; the security headers on every answer. Hypothesis
runs derandomized, so a run is reproducible; a failure prints the case and a curl command to
replay it.
"""

import os
import zlib
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from engine.games import GAMES
from guards import HEADERS

OPENAPI_FILE = Path(__file__).parents[2] / "openapi" / "openapi.json"

# Generated examples per operation; the examples and coverage phases add their own cases.
# CI runs the default (about 1,700 requests in all); set the variable for a longer hunt.
EXAMPLES = int(os.environ.get("BAUERBLOCK_FUZZ_EXAMPLES", "100"))

# Valid games of each kind, recorded on the real sheets at the start and sent now and then.
VALID = {
    "bauerchen": [
        {"result": {"winner": "A", "band": "frei"}},
        {"card_points": {"A": 80}, "melds": [{"team": "B", "kind": "20"}]},
        {"solo": {"team": "B", "won": True}},
    ],
    "bauerschspiel": [{"winner": "A"}, {"winner": "B"}],
    "bolachen": [
        {"declarer": 0, "contract": "bettel", "won": True},
        {"declarer": 1, "contract": "brand", "trump": "herz", "tricks": 7},
    ],
}
TARGETS = ["as generated", *GAMES]
TOKENS = ["edit token", "wrong token", "as generated"]


def security_headers(ctx, response, case):
    """Every answer carries the security headers, errors included."""
    # schemathesis gives the headers with lowercase names and a list of values each.
    sent = response.headers
    missing = [name for name, value in HEADERS.items() if sent.get(name.lower()) != [value]]
    assert not missing, f"missing or changed security headers: {missing}"


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    security_headers,
    negative_data_rejection,
]

# The app's own document; tests/api/test_openapi.py keeps it equal to what the app serves.
schema = schemathesis.openapi.from_path(OPENAPI_FILE)


@pytest.fixture
def sheets(client):
    """Make a sheet of every game with a few games on it; return them with their tokens."""
    made = {}
    for game in GAMES:
        sheet = client.post("/api/v1/sheets", json={"game": game}).json
        for entry in VALID[game]:
            answer = client.post(
                f"/api/v1/sheets/{sheet['id']}/games",
                json=entry,
                headers={"Authorization": f"Bearer {sheet['edit_token']}"},
            )
            assert answer.status_code == 201, answer.json
        made[game] = sheet
    return made


# Valid writes to a real group, sent now and then: a new player, an evening of the roster.
GROUP_VALID = {
    "/groups/{group_id}/players": [{"name": "Fritz"}, {"name": "Anni"}],
    "/groups/{group_id}/sheets": [
        {"game": "bauerchen", "players": [1, 2, 3, 4]},
        {"game": "bolachen", "players": [4, 1, "Sepp"], "rules": {"preset": "hard"}},
    ],
}


@pytest.fixture
def group(client):
    """Make a group with an evening of a few games; return it with its token."""
    roster = {"name": "Zur Linde", "players": ["Hans", "Grete", "Karl", "Lise"]}
    made = client.post("/api/v1/groups", json=roster).json
    evening = client.post(
        f"/api/v1/groups/{made['id']}/sheets",
        json={"game": "bauerchen", "players": [4, 3, 2, 1]},
        headers={"Authorization": f"Bearer {made['edit_token']}"},
    ).json
    for entry in VALID["bauerchen"]:
        answer = client.post(
            f"/api/v1/sheets/{evening['id']}/games",
            json=entry,
            headers={"Authorization": f"Bearer {evening['edit_token']}"},
        )
        assert answer.status_code == 201, answer.json
    return made


def aim_at_group(case, group) -> None:
    """Aim a case at the real group (or leave it), with its token, a wrong one or as generated."""
    parameters = case.path_parameters or {}
    digest = zlib.crc32(repr((parameters, case.query, case.body, case.headers)).encode())
    digest, target = divmod(digest, 3)
    if target == 0:
        return
    parameters["group_id"] = group["id"]
    digest, token = divmod(digest, len(TOKENS))
    headers = dict(case.headers or {})
    if TOKENS[token] == "edit token":
        headers["Authorization"] = f"Bearer {group['edit_token']}"
    elif TOKENS[token] == "wrong token":
        headers["Authorization"] = "Bearer not-the-edit-token"
    case.headers = headers
    valid = GROUP_VALID.get(case.path.removeprefix("/api/v1"))
    digest, choice = divmod(digest, 3)
    if valid and case.method == "POST" and choice == 0:
        case.body = valid[digest % len(valid)]
        case.media_type = "application/json"


@pytest.fixture
def tournament(client):
    """Make a tournament of six players with a draw (two byes) and a game at its table."""
    made = client.post("/api/v1/tournaments", json={"players": [f"P{n}" for n in range(6)]}).json
    token = {"Authorization": f"Bearer {made['edit_token']}"}
    table = client.post(f"/api/v1/tournaments/{made['id']}/draws", json={}, headers=token).json[
        "tables"
    ][0]
    answer = client.post(
        f"/api/v1/sheets/{table['sheet']['id']}/games",
        json=VALID["bauerchen"][0],
        headers={"Authorization": f"Bearer {table['sheet']['edit_token']}"},
    )
    assert answer.status_code == 201, answer.json
    return made


def aim(case, sheets, tournament) -> None:
    """Aim the case at a real sheet or tournament, with its token, a wrong one or as
    generated; or leave it.

    The choices come from a hash of what was generated: the same case is always aimed the
    same way, so a failure replays exactly.
    """
    parameters = case.path_parameters or {}
    if "sheet_id" not in parameters and "tournament_id" not in parameters:
        return
    digest = zlib.crc32(repr((parameters, case.query, case.body, case.headers)).encode())
    digest, target = divmod(digest, len(TARGETS))
    if TARGETS[target] == "as generated":
        return
    game = TARGETS[target]
    if "tournament_id" in parameters:
        aimed, valid_bodies = tournament, [{"name": "Erna"}, {"seed": "s"}, {}]
        parameters["tournament_id"] = tournament["id"]
    else:
        aimed, valid_bodies = sheets[game], VALID[game]
        parameters["sheet_id"] = aimed["id"]
    digest, number = divmod(digest, 5)
    if "number" in parameters and number < 4:
        parameters["number"] = 1 + number  # else the generated one, often far too big
    digest, token = divmod(digest, len(TOKENS))
    headers = dict(case.headers or {})
    if TOKENS[token] == "edit token":
        headers["Authorization"] = f"Bearer {aimed['edit_token']}"
    elif TOKENS[token] == "wrong token":
        headers["Authorization"] = "Bearer not-the-edit-token"
    case.headers = headers
    digest, valid = divmod(digest, 3)
    if case.method in ("POST", "PUT") and valid == 0:
        case.body = valid_bodies[digest % len(valid_bodies)]
        case.media_type = "application/json"


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_keeps_its_contract(case, app, sheets, tournament, group):
    """Every answer is documented, none is a 5xx, whatever the request."""
    if "group_id" in (case.path_parameters or {}):
        aim_at_group(case, group)
    aim(case, sheets, tournament)
    case.call_and_validate(app=app, checks=CHECKS)
