"""Every pasted or posted list is bounded by count and length before any work is done on it.

A roster of 16,000 lines once took the server 5 s (a `list.count` per name, before the
60-player limit). Now the text's length is checked first, each name as it is read, and
names twice are found with a set: the work at 16,000 lines is no more than at 10.
"""

import time

import pytest
from marshmallow import ValidationError

from bauerblock.api.group_schemas import NewGroupSchema
from bauerblock.api.schemas import List
from bauerblock.stammtisch.forms import read_group
from bauerblock.store.groups import MAX_ROSTER
from bauerblock.store.sheets import MAX_NAME
from bauerblock.web.lists import Fault, read_list, tidy
from tests.pages import csrf


def lines(count: int) -> str:
    return "\n".join(f"P{n}" for n in range(count))


FLOOD = "\n".join(["x"] * 10_000)
"""A flood of lines that still fits a form post's 64 KB."""


def best_time(function, *args, repeat: int = 5) -> float:
    """Return the fastest of a few runs of `function(*args)`, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function(*args)
        times.append(time.perf_counter() - start)
    return min(times)


def test_the_roster_form_works_as_little_at_16000_lines_as_at_10(app):
    with app.test_request_context():
        small = best_time(read_group, {"name": "Linde", "players": lines(10)})
        large = best_time(read_group, {"name": "Linde", "players": lines(16_000)})
        _, players, errors = read_group({"name": "Linde", "players": lines(16_000)})
    assert players == [] and "zu lang" in errors["players"]
    # Generous: the old form took some 100,000 times as long at 16,000 lines.
    assert large < 20 * small + 0.001


def test_a_list_is_read_only_up_to_one_name_past_its_limit():
    read: list[str] = []

    def counted(line: str) -> str:
        read.append(line)
        return tidy(line)

    # Short enough as text, but far more names than the limit: reading stops at one past it.
    names, refusal = read_list(lines(600), most=60, longest=MAX_NAME, name_of=counted)
    assert names == [] and refusal.fault is Fault.COUNT
    assert len(read) == 61
    read.clear()
    _, refusal = read_list(lines(16_000), most=60, longest=MAX_NAME, name_of=counted)
    assert refusal.fault is Fault.TEXT and read == []


def test_names_twice_are_found_without_case_in_one_pass():
    names, refusal = read_list("Hans\nGrete\n\nhans\nGRETE", most=60, longest=40, unique=True)
    # The refusal names the name already on the list, as it was typed first.
    assert names == [] and refusal.fault is Fault.TWICE and refusal.name == "Hans"
    names, refusal = read_list(" Hans \n\n  Grete  Maier", most=2, longest=40)
    assert names == ["Hans", "Grete Maier"] and refusal is None


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (FLOOD, "Die Liste ist zu lang: höchstens 60 Namen zu je höchstens 40 Zeichen."),
        (lines(MAX_ROSTER + 1), "Höchstens 60 Spieler."),
        ("Hans\n" + "x" * 41, "ist zu lang: höchstens 40 Zeichen."),
    ],
)
def test_the_new_stammtisch_form_says_which_bound_a_list_breaks(client, players, words):
    data = {"csrf_token": csrf(client), "name": "Linde", "players": players}
    response = client.post("/g", data=data)
    assert response.status_code == 422
    assert words in response.text


def test_the_bound_is_said_in_english_too(client):
    data = {"csrf_token": csrf(client), "name": "Linde", "players": FLOOD}
    response = client.post("/g", data=data, headers={"Accept-Language": "en"})
    assert response.status_code == 422
    assert "The list is too long: at most 60 names of at most 40 characters each." in response.text


def test_the_tournament_forms_bound_their_lists(client):
    data = {"csrf_token": csrf(client), "title": "Preisbauer", "players": FLOOD}
    response = client.post("/t", data=data)
    assert response.status_code == 422 and "Die Liste ist zu lang" in response.text
    data["players"] = lines(201)
    response = client.post("/t", data=data)
    assert response.status_code == 422 and "Höchstens 200 Spieler." in response.text
    data["players"] = "Hans\nGrete\nKarl\nLise"
    made = client.post("/t", data=data)
    assert made.status_code == 303
    tournament_id = made.headers["Location"].split("/")[2]
    late = {"csrf_token": csrf(client), "names": FLOOD}
    response = client.post(f"/t/{tournament_id}/players", data=late)
    assert response.status_code == 422 and "Die Liste ist zu lang" in response.text


def test_an_api_list_is_refused_by_its_length_before_its_items_are_read(monkeypatch):
    read = []
    inner = NewGroupSchema._declared_fields["players"].inner
    original = type(inner)._deserialize

    def counted(self, value, attr, data, **kwargs):
        read.append(value)
        return original(self, value, attr, data, **kwargs)

    monkeypatch.setattr(type(inner), "_deserialize", counted)
    with pytest.raises(ValidationError) as refused:
        NewGroupSchema().load({"name": "Linde", "players": ["x"] * 16_000})
    # The group's name is read; none of the 16,000 players is.
    assert "players" in refused.value.messages and "x" not in read
    assert NewGroupSchema().load({"name": "Linde", "players": ["Hans"]})["players"] == ["Hans"]
    assert "Hans" in read


def test_every_posted_list_of_the_api_is_bounded_first():
    from bauerblock.api import group_schemas, schemas
    from bauerblock.kinds.preisbauer import api as preisbauer

    bounded = [
        schemas.NewSheetSchema.members["bauerchen"]._declared_fields["players"],
        schemas.SheetEntrySchema.members["bauerchen"]._declared_fields["melds"],
        group_schemas.NewGroupSchema._declared_fields["players"],
        preisbauer.NewTournamentSchema._declared_fields["players"],
    ]
    assert all(isinstance(field, List) for field in bounded)


@pytest.mark.parametrize("body", [["x"] * 16_000, [{}] * 16_000])
def test_a_flooded_api_list_is_a_422(client, body):
    group = client.post("/api/v1/groups", json={"name": "Linde", "players": body})
    assert group.status_code == 422
    tournament = client.post("/api/v1/tournaments", json={"players": body})
    assert tournament.status_code == 422
