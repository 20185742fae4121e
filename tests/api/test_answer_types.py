"""The answers' types as a generated client uses them
(docs/api.md "The document's conventions"): every field an answer always carries is
required, a field it carries only sometimes is one of a short list, each saying when; every
closed set of strings is one named enum; and every answer of an evening of each game, a
Stammtisch, a Preisbauer and a Paarturnier is what the document says, field by field."""

import pytest

from tests.api import pair_play
from tests.api.conformance import DOCUMENT, SCHEMAS, CheckedClient, Checker
from tests.api.test_unions import ANSWERED, ASKED

SHEETS = [f"{prefix}{game}Sheet" for prefix in ("", "Created", "Changed")
          for game in ("Bauerchen", "Bauerschspiel", "Bolachen")]  # fmt: skip
OPTIONAL = {
    # Tokens and links only a right sees.
    ("TableSheet", "edit_token"): "only with the tournament's token",
    ("TableSheetLinks", "edit"): "only with the tournament's token",
    ("TournamentLinks", "organiser"): "only with the tournament's token",
    ("TournamentTable", "card"): "only with the tournament's token",
    # Parts only some resources have.
    **{(sheet, "group"): "a sheet started in a Stammtisch only" for sheet in SHEETS},
    **{
        (sheet, "tournament"): "a tournament's table only"
        for sheet in SHEETS
        if sheet.endswith("BauerchenSheet")
    },
    ("TournamentPlace", "closed_by"): "only once closed",
    ("Refusal", "errors"): "Only on a 422",
    ("Problem", "errors"): "Only on a 422",
}
"""Every answer property a client may not find, and the words that say when it is there."""


def test_every_answer_field_is_required_but_the_few_that_say_when_they_are_there():
    optional = {
        (name, prop)
        for name in ANSWERED
        for prop in SCHEMAS[name].get("properties", {})
        if prop not in SCHEMAS[name].get("required", ())
        # An entry "as posted" is a copy of the request's schema, optional as it is there.
        and not (name.startswith("Entered") and name.removeprefix("Entered") in ASKED)
    }
    assert optional == set(OPTIONAL)
    for (name, prop), words in OPTIONAL.items():
        assert words in SCHEMAS[name]["properties"][prop]["description"], (name, prop)
    # The copies of requests are only those (their request schemas are in the document).
    entered = {name for name in ANSWERED if name.startswith("Entered")}
    assert entered and all(name.removeprefix("Entered") in SCHEMAS for name in entered)


def test_a_draw_steps_answer_carries_every_tables_token_and_pad():
    for draw, table in (("Draw", "DrawTable"), ("PairsDraw", "MatchTable")):
        (sheet,) = SCHEMAS[table]["properties"]["sheet"]["allOf"]
        assert sheet["$ref"].endswith("/OrganiserTableSheet")
        assert SCHEMAS[draw]["properties"]["tables"]["items"]["$ref"].endswith(f"/{table}")
    assert {"edit_token", "links"} <= set(SCHEMAS["OrganiserTableSheet"]["required"])
    assert "edit" in SCHEMAS["OrganiserTableSheetLinks"]["required"]
    # A tournament's state lists its draws with the tokens only with the tournament's token.
    draws = SCHEMAS["Tournament"]["properties"]["draws"]["items"]["$ref"]
    assert draws.endswith("/ListedDraw")


def enums(part, where: str):
    """Yield (where, values) for every enum in `part`, however deep."""
    if isinstance(part, dict):
        if "enum" in part:
            yield where, [value for value in part["enum"] if value is not None]
        for key, value in part.items():
            yield from enums(value, f"{where}/{key}")
    elif isinstance(part, list):
        for index, item in enumerate(part):
            yield from enums(item, f"{where}/{index}")


def test_every_closed_set_of_strings_is_one_named_enum():
    found = list(enums(DOCUMENT, "#"))
    named = {where.split("/")[3]: values for where, values in found if where.count("/") == 3}
    assert {"Team", "Stage", "Game", "Tiebreak", "ExportFormat", "CorrectionAction"} <= set(named)
    # Elsewhere an enum is a discriminator's one value (or null alone): a choice refers to
    # its component.
    inline = [(where, values) for where, values in found if where.count("/") > 3]
    assert inline and all(len(values) <= 1 for _, values in inline), inline
    sets = [frozenset(values) for values in named.values()]
    assert len(sets) == len(set(sets)), "two components name the same choice"
    # The choices the issue found as plain strings or repeated.
    stage = {"allOf": [{"$ref": "#/components/schemas/Stage"}]}
    assert SCHEMAS["Move"]["properties"]["stage"]["allOf"] == stage["allOf"]
    assert SCHEMAS["BracketRound"]["properties"]["round"]["allOf"] == stage["allOf"]
    round_winner = SCHEMAS["BauerchenSeriesPoint"]["properties"]["round_winner"]["anyOf"][0]
    assert round_winner == {"$ref": "#/components/schemas/Team"}


def test_both_kinds_of_standings_name_each_line():
    for line in ("Standing", "FinalPlace"):
        assert SCHEMAS[line]["properties"]["name"]["type"] == "string"
        assert "name" in SCHEMAS[line]["required"]


BAUERCHEN = [
    {"result": {"winner": "A", "band": "frei"}},
    {"card_points": {"A": 80}, "melds": [{"team": "B", "kind": "20"}]},
    {"solo": {"team": "B", "won": True, "player": 1}},
    *[{"result": {"winner": "A", "band": "schwarz"}, "spritz": 3}] * 5,
]
ENTRIES = {
    "bauerchen": BAUERCHEN,
    "bauerschspiel": [{"winner": "A"}, {"winner": "B"}, {"winner": "A"}],
    "bolachen": [
        {"declarer": 0, "contract": "bettel", "won": True},
        {"declarer": 1, "contract": "brand", "trump": "herz", "tricks": 7},
    ],
}
RULES = {"bauerchen": [None], "bauerschspiel": [None], "bolachen": [None, "hard"]}


def bearer(token: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **headers}


def play_evening(client, sheet: dict) -> None:
    """Record, amend and delete on `sheet`, then read it, its stats and its export."""
    url, auth = f"/api/v1/sheets/{sheet['id']}", bearer(sheet["edit_token"])
    for entry in ENTRIES[sheet["game"]]:
        made = client.post(f"{url}/games", json={"game": sheet["game"], **entry}, headers=auth)
        assert made.status_code == 201
    last = {"game": sheet["game"], **ENTRIES[sheet["game"]][-1]}
    tag = client.get(url).headers["ETag"]
    assert (
        client.put(f"{url}/games/1", json=last, headers={**auth, "If-Match": tag}).status_code
        == 200
    )
    tag = client.get(url).headers["ETag"]
    assert client.delete(f"{url}/games/1", headers={**auth, "If-Match": tag}).status_code == 200
    assert client.get(f"{url}/stats").status_code == 200
    assert client.get(f"{url}/export?format=json").status_code == 200


def play_group(client) -> None:
    made = client.post("/api/v1/groups", json={"name": "Linde", "players": ["Hans", "Grete"]})
    group, auth = made.json, bearer(made.json["edit_token"])
    url = f"/api/v1/groups/{group['id']}"
    assert client.post(f"{url}/players", json={"name": "Karl"}, headers=auth).status_code == 201
    for game, presets in RULES.items():
        for preset in presets:
            body = {"game": game, "players": [1, 2, 3, "Lise"][: 3 if game == "bolachen" else 4]}
            rules = {"rules": {"preset": preset}} if preset else {}
            sheet = client.post(f"{url}/sheets", json={**body, **rules}, headers=auth)
            assert sheet.status_code == 201
            play_evening(client, sheet.json)
    assert client.get(url).status_code == 200
    assert client.get(f"{url}/stats").status_code == 200


def play_preisbauer(client) -> None:
    body = {"players": [f"Spieler {n}" for n in range(1, 10)], "format": {"draws": 2}}
    made = client.post("/api/v1/tournaments", json={**body, "title": "Preisbauer"})
    tournament, auth = made.json, bearer(made.json["edit_token"])
    url = f"/api/v1/tournaments/{tournament['id']}"
    assert client.post(f"{url}/players", json={"name": "Erna"}, headers=auth).status_code == 201
    drawn = client.post(f"{url}/draws", json={}, headers=auth).json
    win = {"game": "bauerchen", "result": {"winner": "A", "band": "schwarz"}, "spritz": 4}
    for table in drawn["tables"]:
        sheet = table["sheet"]
        client.post(
            f"/api/v1/sheets/{sheet['id']}/games", json=win, headers=bearer(sheet["edit_token"])
        )
        assert client.get(f"/api/v1/sheets/{sheet['id']}").status_code == 200
    assert client.post(f"{url}/draws/1/end", headers=auth).status_code == 200
    assert client.delete(f"{url}/players/2", headers=auth).status_code == 204
    assert client.post(f"{url}/players/2/reinstate", headers=auth).status_code == 200
    assert client.post(f"{url}/draws", json={}, headers=auth).status_code == 201
    for headers in ({}, auth):
        assert client.get(url, headers=headers).status_code == 200
    assert client.get(f"{url}/export?format=json").status_code == 200


def play_pairs(client) -> None:
    made = pair_play.create(client, 8, third_place=True)
    url, auth = f"/api/v1/tournaments/{made['id']}", bearer(made["edit_token"])
    while (drawn := client.post(f"{url}/draws", json={}, headers=auth)).status_code == 201:
        pair_play.play(client, drawn.json)
        assert client.get(url).status_code == 200
    assert client.get(url, headers=auth).json["finished"]
    assert client.get(f"{url}/export?format=json").status_code == 200


@pytest.mark.slow
def test_every_answer_of_every_kind_of_evening_is_as_the_document_says(app):
    checker = Checker()
    client = CheckedClient(app, checker)
    assert client.get("/api/v1/rulesets").status_code == 200
    for game, presets in RULES.items():
        for preset in presets:
            rules = {"rules": {"preset": preset}} if preset else {}
            play_evening(client, client.post("/api/v1/sheets", json={"game": game, **rules}).json)
    play_group(client)
    play_preisbauer(client)
    play_pairs(client)
    assert not checker.problems, "\n".join(checker.problems[:40])
    assert checker.answers > 100
    # The answers met every schema whose fields were made required here.
    for name in ("BauerchenStats", "BauerschspielStats", "BolachenStats", "GroupStats",
                 "GroupPlayerStats", "BauerchenGroupEvening", "BolachenGroupEvening",
                 "RosterPlayer", "GroupLinks", "Draw", "PairsDraw", "FinalPlace"):  # fmt: skip
        assert checker.met[name], name
    # A field the document lets an answer leave out is left out somewhere, or its words lie.
    for name, prop in OPTIONAL:
        if checker.met[name]:
            assert checker.carried[name][prop] < checker.met[name], (name, prop)


def test_every_read_with_an_etag_declares_its_304():
    reads = [
        operation
        for item in DOCUMENT["paths"].values()
        for method, operation in item.items()
        if method == "get"
        and any("ETag" in answer.get("headers", {}) for answer in operation["responses"].values())
    ]
    assert len(reads) >= 5
    for operation in reads:
        answer = operation["responses"].get("304")
        assert answer is not None and "content" not in answer, operation["operationId"]
        assert "ETag" in answer["headers"], operation["operationId"]


def test_every_property_is_described():
    found = [
        (name, prop)
        for name, schema in SCHEMAS.items()
        for prop, spec in schema.get("properties", {}).items()
        if not spec.get("description")
    ]
    # A reference to a union says its union's words (an allOf of one reads as a member).
    unions = {name for name, schema in SCHEMAS.items() if "oneOf" in schema}
    refs = [SCHEMAS[name]["properties"][prop]["$ref"].rsplit("/", 1)[1] for name, prop in found]
    assert refs and set(refs) <= unions
    assert [name for name in unions if not SCHEMAS[name].get("description")] == []
    # A property nobody described says what its name means; a reference keeps its type.
    assert SCHEMAS["TeamPoints"]["properties"]["A"]["description"] == "team A's (seats 0 and 2)"
    links = SCHEMAS["Tournament"]["properties"]["links"]
    assert links["allOf"] == [{"$ref": "#/components/schemas/TournamentLinks"}]
