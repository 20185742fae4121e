"""POST /api/v1/bauerchen/score and GET /api/v1/rulesets, as the OpenAPI document has them."""

import pytest

SCORE = "/api/v1/bauerchen/score"


def test_the_example_of_api_md(client):
    response = client.post(
        SCORE,
        json={
            "rules": {"preset": "lautern"},
            "home": "A",
            "card_points": {"A": 72},
            "melds": [{"team": "B", "kind": "20"}],
            "spritz": 1,
            "score_before": {"A": 4, "B": 9},
        },
    )
    assert response.status_code == 200
    body = response.get_json()
    assert {key: body[key] for key in body if key != "breakdown"} == {
        "winner": "A",
        "band": "frei",
        "away_win": False,
        "game_points": {"A": 2, "B": 0},
        "meld_points": {"A": 0, "B": 1},
        "points": {"A": 2, "B": 1},
        "score_after": {"A": 6, "B": 10},
        "round_over": False,
        "round_winner": None,
    }
    codes = [line["code"] for line in body["breakdown"]]
    assert codes[0] == "meld"  # melds count before the game points
    assert "spritz" in codes
    assert all(line["text"] for line in body["breakdown"])


def test_direct_result_away_win_ends_the_round(client):
    response = client.post(
        SCORE,
        json={
            "home": "A",
            "result": {"winner": "B", "band": "schwarz"},
            "score_before": {"A": 3, "B": 8},
        },
    )
    body = response.get_json()
    assert body["points"] == {"A": 0, "B": 4}
    assert body["away_win"] is True
    assert body["round_over"] is True
    assert body["round_winner"] == "B"


def test_solo_won(client):
    response = client.post(SCORE, json={"home": "B", "solo": {"team": "A", "won": True}})
    body = response.get_json()
    assert response.status_code == 200
    assert body["points"] == {"A": 12, "B": 0}
    assert body["band"] is None
    assert body["round_winner"] == "A"


def test_rules_options_change_the_score(client):
    # 32 on 130 is schneider at 33 but frei at 31 would not apply; on ohne_letzten 31 is frei.
    lautern = client.post(SCORE, json={"home": "A", "card_points": {"B": 32}})
    ohne = client.post(
        SCORE, json={"rules": {"preset": "ohne_letzten"}, "home": "A", "card_points": {"B": 31}}
    )
    assert lautern.get_json()["band"] == "schneider"
    assert ohne.get_json()["band"] == "frei"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"home": "A", "card_points": {"A": 5}}, "cannot have taken 5"),
        ({"home": "A", "card_points": {"A": 126}}, "cannot have taken 126"),
        ({"home": "A", "card_points": {"A": 70, "B": 70}}, "add up to 130"),
        (
            {"home": "A", "card_points": {"A": 70}, "result": {"winner": "A", "band": "frei"}},
            "exactly one of",
        ),
        ({"home": "A"}, "exactly one of"),
        (
            {
                "home": "A",
                "card_points": {"A": 70},
                "melds": [{"team": "B", "kind": "40"}],
                "score_before": {"A": 0, "B": 11},
            },
            "B would reach 13 with this 40; the round ends at 12",
        ),
        (
            {"home": "A", "card_points": {"A": 70}, "melds": [{"team": "A", "kind": "20"}] * 4},
            "at most 3",
        ),
        (
            {"home": "A", "card_points": {"A": 70}, "melds": [{"team": "A", "kind": "40"}] * 2},
            "at most 1",
        ),
        ({"home": "A", "card_points": {"A": 70}, "spritz": -1}, "spritz"),
        ({"home": "A", "card_points": {"A": 70}, "rules": {"preset": "bayern"}}, "bayern"),
        ({"home": "A", "card_points": {"A": 70}, "rules": {"jokers": True}}, "jokers"),
        ({"home": "A", "card_points": {"A": 70}, "rules": {"target": True}}, "target"),
        ({"home": "C", "card_points": {"A": 70}}, "home"),
        ({"home": "A", "card_points": {"C": 70}}, "C"),
        ({"home": "A", "solo": {"team": "A", "won": True}, "spritz": 1}, "no spritz"),
        (
            {"home": "A", "card_points": {"A": 70}, "score_before": {"A": 12, "B": 0}},
            "from 0 to 11",
        ),
        ({"home": "A", "card_points": {"A": "lots"}}, "card_points"),
        ({"home": "A", "card_points": {"A": 70}, "extra": 1}, "extra"),
    ],
    ids=[
        "impossible-low",
        "impossible-high",
        "not-adding-up",
        "two-plays",
        "no-play",
        "meld-past-target",
        "four-20s",
        "two-40s",
        "negative-spritz",
        "unknown-preset",
        "unknown-option",
        "option-wrong-type",
        "unknown-home",
        "unknown-team",
        "solo-with-spritz",
        "score-before-at-target",
        "points-not-a-number",
        "unknown-field",
    ],
)
def test_bad_input_is_a_clear_422(client, body, words):
    response = client.post(SCORE, json=body)
    assert response.status_code == 422
    error = response.get_json()
    assert set(error) >= {"code", "status", "message", "errors"}
    assert error["code"] == 422
    assert words in error["message"]


@pytest.mark.parametrize("raw", [b"not json", b"[1, 2]", b"null", b'"A"'])
def test_a_body_that_is_not_an_object_is_a_422(client, raw):
    response = client.post(SCORE, data=raw, content_type="application/json")
    assert response.status_code == 422
    assert response.get_json()["message"]


def test_rulesets_list_every_preset_with_resolved_options(client):
    response = client.get("/api/v1/rulesets")
    assert response.status_code == 200
    by_name = {item["name"]: item for item in response.get_json()}
    assert {"lautern", "ohne_letzten", "siegelbach"} <= set(by_name)
    assert by_name["lautern"]["default"] is True
    assert by_name["lautern"]["game"] == "bauerchen"
    assert by_name["ohne_letzten"]["options"]["last_trick_bonus"] == 0
    assert by_name["ohne_letzten"]["options"]["schneider_free_at"] == 31
    assert by_name["siegelbach"]["options"]["carry_over"] is True
    assert set(by_name["lautern"]["options"]) == {
        "preset",
        "last_trick_bonus",
        "schneider_free_at",
        "target",
        "knoddels_per_stein",
        "carry_over",
        "forty_rule",
        "solo_in_decider",
        "round_limit",
        "rounds_to_win",
    }


# --- Bolachen ----------------------------------------------------------------------------

BOLACHEN = "/api/v1/bolachen/score"


def test_the_bolachen_example_of_api_md(client):
    response = client.post(
        BOLACHEN,
        json={
            "rules": {"preset": "soft"},
            "declarer": 0,
            "contract": "brand",
            "trump": "herz",
            "tricks": 7,
        },
    )
    assert response.status_code == 200
    body = response.get_json()
    assert {key: body[key] for key in ("won", "value", "points")} == {
        "won": True,
        "value": 1,
        "points": [2, -1, -1],
    }
    assert body["breakdown"] and all(line["code"] and line["text"] for line in body["breakdown"])
    assert body["unit"] == "points"


@pytest.mark.parametrize(
    ("body", "won", "value", "points"),
    [
        ({"declarer": 1, "contract": "bettel", "won": False}, False, 2, [2, -4, 2]),
        ({"declarer": 2, "contract": "mord", "tricks": 10}, True, 3, [-3, -3, 6]),
        (
            {"declarer": 0, "contract": "brand", "trump": "eichel", "tricks": 5},
            False, 1, [-2, 1, 1],
        ),
        (
            {"rules": {"preset": "hard"}, "declarer": 0, "contract": "brand", "trump": "gras",
             "won": True},
            True, 1, [20, -10, -10],
        ),
        (
            {"rules": {"preset": "hard", "mord_pays_five": True}, "declarer": 2,
             "contract": "mord", "won": True},
            True, 5, [-50, -50, 100],
        ),
        (
            {"rules": {"preset": "hard", "tariff": 50}, "declarer": 1, "contract": "bettel",
             "tricks": 1},
            False, 2, [100, -200, 100],
        ),
    ],
)  # fmt: skip
def test_bolachen_scores_soft_and_hard(client, body, won, value, points):
    response = client.post(BOLACHEN, json=body)
    assert response.status_code == 200, response.get_json()
    result = response.get_json()
    assert (result["won"], result["value"], result["points"]) == (won, value, points)
    assert result["unit"] == ("cents" if "rules" in body else "points")


@pytest.mark.parametrize(
    ("body", "words"),
    [
        pytest.param({"declarer": 0, "contract": "brand", "tricks": 7}, "trump", id="no-trump"),
        pytest.param(
            {"declarer": 0, "contract": "bettel", "trump": "herz", "won": True},
            "without trumps",
            id="trump-with-bettel",
        ),
        pytest.param(
            {"declarer": 0, "contract": "mord", "trump": "herz", "won": True},
            "without trumps",
            id="trump-with-mord",
        ),
        pytest.param(
            {"declarer": 0, "contract": "brand", "trump": "herz", "tricks": 11}, "tricks", id="11"
        ),
        pytest.param(
            {"declarer": 0, "contract": "brand", "trump": "herz", "tricks": -1}, "tricks", id="-1"
        ),
        pytest.param(
            {"declarer": 0, "contract": "bettel", "tricks": 0, "won": True},
            "exactly one",
            id="tricks-and-won",
        ),
        pytest.param({"declarer": 0, "contract": "bettel"}, "exactly one", id="neither"),
        pytest.param({"declarer": 3, "contract": "bettel", "won": True}, "declarer", id="seat-3"),
        pytest.param({"contract": "bettel", "won": True}, "declarer", id="no-declarer"),
        pytest.param({"declarer": 0, "won": True}, "contract", id="no-contract"),
        pytest.param({"declarer": 0, "contract": "grand", "won": True}, "contract", id="grand"),
        pytest.param(
            {"declarer": 0, "contract": "brand", "trump": "pik", "won": True}, "trump", id="pik"
        ),
        pytest.param(
            {"declarer": 0, "contract": "brand", "trump": None, "won": True},
            "trump",
            id="trump-null",
        ),
        pytest.param(
            {"declarer": 0, "contract": "bettel", "won": "perhaps"}, "won", id="won-not-bool"
        ),
        pytest.param(
            {"rules": {"preset": "medium"}, "declarer": 0, "contract": "bettel", "won": True},
            "medium",
            id="unknown-preset",
        ),
        pytest.param(
            {"rules": {"mord_pays_five": True}, "declarer": 0, "contract": "mord", "won": True},
            "hard score",
            id="five-under-soft",
        ),
        pytest.param(
            {
                "rules": {"preset": "hard", "tariff": 0},
                "declarer": 0,
                "contract": "mord",
                "won": True,
            },
            "tariff",
            id="tariff-0",
        ),
        pytest.param(
            {"rules": {"target": 12}, "declarer": 0, "contract": "mord", "won": True},
            "target",
            id="bauerchen-option",
        ),
        pytest.param(
            {"declarer": 0, "contract": "mord", "won": True, "home": "A"}, "home", id="foreign"
        ),
    ],
)
def test_bad_bolachen_input_is_a_clear_422(client, body, words):
    response = client.post(BOLACHEN, json=body)
    assert response.status_code == 422
    error = response.get_json()
    assert set(error) >= {"code", "status", "message", "errors"}
    assert words in error["message"]


def test_bolachen_null_is_as_good_as_absent(client):
    body = {"declarer": 1, "contract": "bettel", "trump": None, "tricks": None, "won": True}
    response = client.post(BOLACHEN, json=body)
    assert response.status_code == 200
    assert response.get_json()["points"] == [-2, 4, -2]


@pytest.mark.parametrize("raw", [b"not json", b"[1, 2]", b"null", b"7"])
def test_a_bolachen_body_that_is_not_an_object_is_a_422(client, raw):
    response = client.post(BOLACHEN, data=raw, content_type="application/json")
    assert response.status_code == 422
    assert response.get_json()["message"]


def test_rulesets_list_the_presets_of_every_game(client):
    rulesets = client.get("/api/v1/rulesets").get_json()
    assert [(r["game"], r["name"], r["default"]) for r in rulesets] == [
        ("bauerchen", "lautern", True),
        ("bauerchen", "ohne_letzten", False),
        ("bauerchen", "siegelbach", False),
        ("bauerschspiel", "dillkreis", True),
        ("bolachen", "soft", True),
        ("bolachen", "hard", False),
    ]
    options = {r["name"]: r["options"] for r in rulesets}
    assert options["dillkreis"] == {"preset": "dillkreis", "strokes": 5}
    assert options["soft"] == {
        "preset": "soft",
        "tariff": None,
        "mord_pays_five": False,
        "limit": 0,
    }
    assert options["hard"] == {**options["soft"], "preset": "hard", "tariff": 10}
