"""Every numeric field of the new-sheet and new-tournament forms, with what no table types:
a superscript, a negative, 5,000 digits. Each is refused beside its field (422, the form
shown again), never a 500, and nothing is stored."""

import pytest

from bauerblock import store
from bauerblock.engine.digits import bounded
from tests.pages import PLAYERS, csrf, make_group

BAD = ("²", "-1", "9" * 5000)

SHEET_FIELDS = (
    ("bauerchen", "lautern", "first_dealer"),
    ("bauerchen", "lautern", "rounds_to_win"),
    ("bauerschspiel", "dillkreis", "strokes"),
    ("bolachen", "hard", "tariff"),
    ("bolachen", "hard", "limit"),
    ("bolachen", "soft", "limit"),
)
TOURNAMENT_FIELDS = (
    ("preisbauer", "rounds_per_draw"),
    ("preisbauer", "draws"),
    ("preisbauer", "bye_points"),
    ("preisbauer", "rounds_to_win"),
    ("pairs", "rounds_to_win"),
    ("pairs", "group_size"),
    ("pairs", "advance"),
)


def counts(app) -> tuple[int, int]:
    with app.app_context():
        db = store.get_db()
        return db["sheets"].count, db["tournaments"].count


def refused_beside(response, field: str) -> None:
    assert response.status_code == 422, response.text[:300]
    assert f'id="{field}-error"' in response.text, field


@pytest.mark.parametrize("bad", BAD, ids=("superscript", "negative", "5000-digits"))
@pytest.mark.parametrize(("game", "preset", "field"), SHEET_FIELDS)
def test_a_new_sheet_refuses_a_bad_number_beside_its_field(app, client, game, preset, field, bad):
    data = {"csrf_token": csrf(client), "game": game, "preset": preset, "first_dealer": "0"}
    data.update({f"player{seat}": name for seat, name in enumerate(PLAYERS)})
    data[field] = bad
    before = counts(app)
    refused_beside(client.post("/s", data=data), field)
    assert counts(app) == before


@pytest.mark.parametrize("bad", BAD, ids=("superscript", "negative", "5000-digits"))
@pytest.mark.parametrize("field", ("rounds_to_win", "seat0"))
def test_a_stammtisch_evening_refuses_a_bad_number_beside_its_field(app, client, field, bad):
    group_id = make_group(client)
    before = counts(app)
    data = {"csrf_token": csrf(client), "game": "bauerchen", "preset": "lautern"}
    data.update({f"seat{seat}": str(seat + 1) for seat in range(4)})
    data[field] = bad
    refused_beside(client.post(f"/g/{group_id}/sheets", data=data), field)
    assert counts(app) == before


@pytest.mark.parametrize("bad", BAD, ids=("superscript", "negative", "5000-digits"))
@pytest.mark.parametrize(("kind", "field"), TOURNAMENT_FIELDS)
def test_a_new_tournament_refuses_a_bad_number_beside_its_field(app, client, kind, field, bad):
    data = {"csrf_token": csrf(client), "title": "Preisbauer", "preset": "lautern", "kind": kind}
    if kind == "pairs":
        data["pairs"] = "Hans / Grete\nKarl / Lise\nOtto / Erna\nFritz / Anna"
    else:
        data["players"] = "\n".join(["Hans", "Grete", "Karl", "Lise", "Otto", "Erna"])
    data[field] = bad
    before = counts(app)
    refused_beside(client.post("/t", data=data), field)
    assert counts(app) == before


@pytest.mark.parametrize(
    ("text", "low", "high", "number"),
    (
        ("3", 1, 9, 3),
        (" 9 ", 1, 9, 9),
        ("0", 1, 9, None),
        ("10", 1, 9, None),
        ("²", 0, 9, None),
        ("١٢", 0, 99, None),
        ("-1", -5, 9, None),
        ("1e3", 0, 10_000, None),
        ("9" * 5000, 0, 10**6, None),
        ("", 0, 9, None),
        ("1000000", 0, 10**6, 10**6),
    ),
)
def test_the_bounded_parser_reads_ascii_digits_in_range_only(text, low, high, number):
    assert bounded(text, low, high) == number
