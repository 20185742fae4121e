"""The Kart'ab entry may name its soloist's seat, one of the team's (docs/rules.md section 1,
"Kart'ab")."""

import pytest

from bauerblock.engine.errors import RuleError
from bauerblock.engine.teams import Team
from bauerblock.games.bauerchen.rules import parse_game, resolve_rules, score
from bauerblock.games.bauerchen.rules.game import Solo
from tests.words import refused_saying, said

RULES = resolve_rules()


@pytest.mark.parametrize(
    ("team", "player"), [("A", 0), ("A", 2), ("B", 1), ("B", 3), ("A", None), ("B", None)]
)
def test_a_seat_of_the_team_is_taken(team, player):
    body = {"team": team, "won": True}
    if player is not None:
        body["player"] = player
    game = parse_game({"home": "A", "solo": body}, RULES)
    assert game.play == Solo(Team(team), True, player)


def test_null_is_no_player():
    game = parse_game({"home": "A", "solo": {"team": "B", "won": False, "player": None}}, RULES)
    assert game.play == Solo(Team.B, False, None)


@pytest.mark.parametrize(
    ("team", "player", "message"),
    [
        ("A", 1, "one of team A: 0 or 2, not 1"),
        ("A", 3, "one of team A: 0 or 2, not 3"),
        ("B", 0, "one of team B: 1 or 3, not 0"),
        ("B", 4, "one of team B: 1 or 3, not 4"),
        ("B", -1, "not -1"),
        ("A", True, "not True"),
        ("A", "0", "not '0'"),
        ("A", 2.0, "not 2.0"),
    ],
)
def test_a_seat_of_the_other_team_is_refused(team, player, message):
    with refused_saying(RuleError, match=r"solo\.player is the soloist's seat") as refusal:
        parse_game({"home": "A", "solo": {"team": team, "won": True, "player": player}}, RULES)
    assert message in said(refusal.value)


def test_the_player_changes_no_points():
    named = parse_game({"home": "A", "solo": {"team": "B", "won": True, "player": 3}}, RULES)
    plain = parse_game({"home": "A", "solo": {"team": "B", "won": True}}, RULES)
    assert score(named, RULES) == score(plain, RULES)


def test_other_fields_in_the_solo_are_refused():
    with refused_saying(RuleError, match="solo needs the soloist's team"):
        parse_game({"home": "A", "solo": {"team": "B", "won": True, "seat": 1}}, RULES)
