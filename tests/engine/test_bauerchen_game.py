"""One game of Bauerchen, table by table from docs/rules.md section 1.

The expected numbers are read off docs/rules.md, not off the engine: card points 130 (120
ohne Letzten), home needs more than half, ties go away, the band from the loser's card
points, 1 extra for an away win, ×2 per spritz, melds 20 = 1 and 40 = 2 counted first.
"""

import itertools
import re

import pytest

from bauerblock.engine.errors import RuleError
from bauerblock.engine.teams import Points, Team
from bauerblock.games.bauerchen.rules import Band, parse_game, resolve_rules, score
from bauerblock.games.bauerchen.rules.cards import achievable
from tests.words import refused_saying, said

LAUTERN = resolve_rules({"preset": "lautern"})
OHNE = resolve_rules({"preset": "ohne_letzten"})
FREI_34 = resolve_rules({"schneider_free_at": 34})
FORTY = resolve_rules({"forty_rule": True})
LEDIG = resolve_rules({"solo_in_decider": False})


def outcome(entry, rules=LAUTERN, before=(0, 0), *, decider=False):
    """Parse and score one entry from the round score `before` (A, B)."""
    return score(parse_game(entry, rules), rules, Points(*before), decider=decider)


def refused(entry, rules=LAUTERN, before=(0, 0), *, decider=False, match=None):
    """Assert the entry is refused with a RuleError; return the message."""
    with refused_saying(RuleError, match=match) as caught:
        outcome(entry, rules, before, decider=decider)
    return said(caught.value)


def cards(home, **points):
    return {"home": home, "card_points": points}


def result(home, winner, band, spritz=0):
    return {"home": home, "result": {"winner": winner, "band": band}, "spritz": spritz}


def melds(*pairs):
    return [{"team": team, "kind": kind} for team, kind in pairs]


# --- Card points -------------------------------------------------------------------------


def trick_totals(bonus):
    """Every total a team can hold, from the cards themselves (independent of the engine).

    A team with t tricks holds 4t of the 20 cards (four each of 11, 10, 4, 3, 2); with
    the last trick it has 10 more. All five tricks include the last one.
    """
    values = (11, 10, 4, 3, 2)
    totals = {0}
    for counts in itertools.product(range(5), repeat=5):
        n = sum(counts)
        if n % 4 or n == 0:
            continue
        points = sum(c * v for c, v in zip(counts, values, strict=True))
        totals.add(points + bonus)
        if n < 20:
            totals.add(points)
    return totals


@pytest.mark.parametrize("bonus", [10, 0], ids=["130", "120"])
def test_valid_totals_are_0_then_8_to_total_minus_8_then_total(bonus):
    total = 120 + bonus
    expected = {0, total, *range(8, total - 7)}
    assert trick_totals(bonus) == expected
    assert achievable(bonus) == expected


@pytest.mark.parametrize(
    ("rules", "points"),
    [
        pytest.param(LAUTERN, {"A": 0}, id="130-A-0"),
        pytest.param(LAUTERN, {"B": 0}, id="130-B-0"),
        pytest.param(LAUTERN, {"A": 8}, id="130-A-8"),
        pytest.param(LAUTERN, {"B": 9}, id="130-B-9"),
        pytest.param(LAUTERN, {"A": 65}, id="130-A-65"),
        pytest.param(LAUTERN, {"A": 122}, id="130-A-122"),
        pytest.param(LAUTERN, {"A": 130}, id="130-A-130"),
        pytest.param(LAUTERN, {"B": 130}, id="130-B-130"),
        pytest.param(LAUTERN, {"A": 70, "B": 60}, id="130-both-70-60"),
        pytest.param(LAUTERN, {"A": 65, "B": 65}, id="130-both-65-65"),
        pytest.param(LAUTERN, {"A": 0, "B": 130}, id="130-both-0-130"),
        pytest.param(OHNE, {"A": 0}, id="120-A-0"),
        pytest.param(OHNE, {"A": 8}, id="120-A-8"),
        pytest.param(OHNE, {"A": 112}, id="120-A-112"),
        pytest.param(OHNE, {"B": 120}, id="120-B-120"),
        pytest.param(OHNE, {"A": 60, "B": 60}, id="120-both-60-60"),
    ],
)
def test_card_points_accepted(rules, points):
    game = parse_game(cards("A", **points), rules)
    a = points.get("A", rules.total - points.get("B", 0))
    assert game.play.points == Points(a, rules.total - a)


@pytest.mark.parametrize(
    ("rules", "points"),
    [
        *(pytest.param(LAUTERN, {"A": p}, id=f"130-A-{p}") for p in range(1, 8)),
        *(pytest.param(LAUTERN, {"B": p}, id=f"130-B-{p}") for p in range(123, 130)),
        *(pytest.param(OHNE, {"A": p}, id=f"120-A-{p}") for p in range(1, 8)),
        *(pytest.param(OHNE, {"B": p}, id=f"120-B-{p}") for p in range(113, 120)),
        pytest.param(LAUTERN, {"A": -1}, id="130-negative"),
        pytest.param(LAUTERN, {"A": 131}, id="130-over-total"),
        pytest.param(OHNE, {"A": 121}, id="120-over-total"),
        pytest.param(OHNE, {"A": 130}, id="120-given-130"),
        pytest.param(LAUTERN, {"A": 127}, id="130-given-127-is-complement-3"),
        pytest.param(LAUTERN, {"A": "66"}, id="string"),
        pytest.param(LAUTERN, {"A": 66.0}, id="float"),
        pytest.param(LAUTERN, {"A": True}, id="bool"),
        pytest.param(LAUTERN, {"A": None}, id="null"),
    ],
)
def test_card_points_refused(rules, points):
    refused(cards("A", **points), rules)


@pytest.mark.parametrize("bonus", [10, 0], ids=["130", "120"])
def test_complement_rule_a_total_is_valid_exactly_when_the_other_teams_is(bonus):
    rules = LAUTERN if bonus else OHNE
    total = rules.total
    for given in range(total + 1):
        try:
            parse_game(cards("A", A=given), rules)
            valid = True
        except RuleError:
            valid = False
        assert valid == (total - given in trick_totals(bonus)), given


@pytest.mark.parametrize(
    ("rules", "points"),
    [
        pytest.param(LAUTERN, {"A": 70, "B": 61}, id="130-70+61"),
        pytest.param(LAUTERN, {"A": 65, "B": 64}, id="130-65+64"),
        pytest.param(LAUTERN, {"A": 130, "B": 130}, id="130-130+130"),
        pytest.param(LAUTERN, {"A": 60, "B": 60}, id="130-60+60"),
        pytest.param(OHNE, {"A": 65, "B": 65}, id="120-65+65"),
    ],
)
def test_both_teams_points_must_add_up(rules, points):
    message = refused(cards("A", **points), rules)
    assert str(rules.total) in message


@pytest.mark.parametrize(
    "points",
    [
        pytest.param({"C": 70}, id="team-C"),
        pytest.param({"A": 70, "C": 60}, id="A-and-C"),
        pytest.param({"a": 70}, id="lowercase"),
        pytest.param({}, id="empty"),
        pytest.param([70, 60], id="list"),
        pytest.param(70, id="bare-number"),
    ],
)
def test_card_points_unknown_team_or_shape_refused(points):
    refused({"home": "A", "card_points": points})


# --- Winner and band ---------------------------------------------------------------------

BANDS = [
    # 130 card points, schneider frei at 33, home (A) needs 66.
    pytest.param(LAUTERN, "A", {"A": 130}, "A", "schwarz", 3, id="130-loser-0-schwarz"),
    pytest.param(LAUTERN, "A", {"A": 122}, "A", "schneider", 2, id="130-loser-8-schneider"),
    pytest.param(LAUTERN, "A", {"A": 98}, "A", "schneider", 2, id="130-loser-32-schneider"),
    pytest.param(LAUTERN, "A", {"A": 97}, "A", "frei", 1, id="130-loser-33-frei"),
    pytest.param(LAUTERN, "A", {"A": 66}, "A", "frei", 1, id="130-home-66-wins"),
    pytest.param(LAUTERN, "A", {"B": 64}, "A", "frei", 1, id="130-loser-64-given-as-B"),
    pytest.param(LAUTERN, "A", {"A": 65}, "B", "frei", 2, id="130-tie-65-goes-away"),
    pytest.param(LAUTERN, "A", {"A": 65, "B": 65}, "B", "frei", 2, id="130-tie-both-given"),
    pytest.param(LAUTERN, "A", {"A": 64}, "B", "frei", 2, id="130-home-64-away-wins"),
    pytest.param(LAUTERN, "A", {"A": 33}, "B", "frei", 2, id="130-home-33-frei"),
    pytest.param(LAUTERN, "A", {"A": 32}, "B", "schneider", 3, id="130-home-32-schneider"),
    pytest.param(LAUTERN, "A", {"A": 8}, "B", "schneider", 3, id="130-home-8-schneider"),
    pytest.param(LAUTERN, "A", {"A": 0}, "B", "schwarz", 4, id="130-home-0-schwarz"),
    pytest.param(LAUTERN, "B", {"B": 66}, "B", "frei", 1, id="130-home-B-66-wins"),
    pytest.param(LAUTERN, "B", {"A": 65}, "A", "frei", 2, id="130-home-B-tie-away"),
    pytest.param(LAUTERN, "B", {"A": 130}, "A", "schwarz", 4, id="130-home-B-away-schwarz"),
    # 120 card points (ohne Letzten), schneider frei at 31, home needs 61.
    pytest.param(OHNE, "A", {"A": 120}, "A", "schwarz", 3, id="120-loser-0-schwarz"),
    pytest.param(OHNE, "A", {"A": 112}, "A", "schneider", 2, id="120-loser-8-schneider"),
    pytest.param(OHNE, "A", {"A": 90}, "A", "schneider", 2, id="120-loser-30-schneider"),
    pytest.param(OHNE, "A", {"A": 89}, "A", "frei", 1, id="120-loser-31-frei"),
    pytest.param(OHNE, "A", {"A": 61}, "A", "frei", 1, id="120-home-61-wins"),
    pytest.param(OHNE, "A", {"A": 60}, "B", "frei", 2, id="120-home-60-tie-away"),
    pytest.param(OHNE, "A", {"A": 59}, "B", "frei", 2, id="120-home-59-loses"),
    pytest.param(OHNE, "A", {"A": 31}, "B", "frei", 2, id="120-home-31-frei"),
    pytest.param(OHNE, "A", {"A": 30}, "B", "schneider", 3, id="120-home-30-schneider"),
    pytest.param(OHNE, "A", {"A": 0}, "B", "schwarz", 4, id="120-home-0-schwarz"),
    # House variant: schneider frei at 34 on 130.
    pytest.param(FREI_34, "A", {"A": 97}, "A", "schneider", 2, id="34-loser-33-schneider"),
    pytest.param(FREI_34, "A", {"A": 96}, "A", "frei", 1, id="34-loser-34-frei"),
    pytest.param(FREI_34, "A", {"A": 33}, "B", "schneider", 3, id="34-home-33-schneider"),
    pytest.param(FREI_34, "A", {"A": 34}, "B", "frei", 2, id="34-home-34-frei"),
]


@pytest.mark.parametrize(("rules", "home", "points", "winner", "band", "value"), BANDS)
def test_band_edges(rules, home, points, winner, band, value):
    result_ = outcome(cards(home, **points), rules)
    assert result_.winner == Team(winner)
    assert result_.band == Band(band)
    assert result_.away_win == (winner != home)
    assert result_.game_points == Points.only(Team(winner), value)
    assert result_.meld_points == Points()
    assert result_.score_after == Points.only(Team(winner), value)
    assert not result_.round_over


@pytest.mark.parametrize(("rules", "home", "points", "winner", "band", "value"), BANDS)
@pytest.mark.parametrize("spritz", [0, 1, 2])
def test_direct_result_scores_like_card_points(rules, home, points, winner, band, value, spritz):
    counted = outcome({**cards(home, **points), "spritz": spritz}, rules)
    entered = outcome(result(home, winner, band, spritz), rules)
    assert entered.winner == counted.winner == Team(winner)
    assert entered.band == counted.band
    assert entered.away_win == counted.away_win
    assert (
        entered.game_points == counted.game_points == Points.only(Team(winner), value * 2**spritz)
    )


@pytest.mark.parametrize(
    ("home", "winner", "band", "value"),
    [
        pytest.param("A", "A", "frei", 1, id="home-frei-1"),
        pytest.param("A", "A", "schneider", 2, id="home-schneider-2"),
        pytest.param("A", "A", "schwarz", 3, id="home-schwarz-3"),
        pytest.param("A", "B", "frei", 2, id="away-frei-2"),
        pytest.param("A", "B", "schneider", 3, id="away-schneider-3"),
        pytest.param("A", "B", "schwarz", 4, id="away-schwarz-4"),
        pytest.param("B", "A", "frei", 2, id="home-B-away-A-frei-2"),
        pytest.param("B", "B", "schwarz", 3, id="home-B-schwarz-3"),
    ],
)
def test_away_bonus(home, winner, band, value):
    result_ = outcome(result(home, winner, band))
    assert result_.away_win == (home != winner)
    assert result_.game_points == Points.only(Team(winner), value)
    codes = [line.code for line in result_.breakdown]
    assert ("away_bonus" in codes) == (home != winner)


@pytest.mark.parametrize("spritz", [0, 1, 2, 3], ids=lambda n: f"spritz-{n}")
@pytest.mark.parametrize(
    ("home", "winner", "band", "base"),
    [
        pytest.param("A", "A", "frei", 1, id="home-frei"),
        pytest.param("A", "A", "schwarz", 3, id="home-schwarz"),
        pytest.param("A", "B", "frei", 2, id="away-frei"),
        pytest.param("A", "B", "schneider", 3, id="away-schneider"),
        pytest.param("A", "B", "schwarz", 4, id="away-schwarz"),
    ],
)
def test_spritz_doubles_band_and_away_bonus(home, winner, band, base, spritz):
    expected = {0: base, 1: 2 * base, 2: 4 * base, 3: 8 * base}[spritz]
    # A target far away, so that no spritz ends the round.
    rules = resolve_rules({"target": 99})
    result_ = outcome(result(home, winner, band, spritz), rules)
    assert result_.game_points == Points.only(Team(winner), expected)
    assert ("spritz" in [line.code for line in result_.breakdown]) == bool(spritz)


@pytest.mark.parametrize(
    "spritz",
    [
        pytest.param(-1, id="negative"),
        pytest.param(True, id="bool"),
        pytest.param("1", id="string"),
        pytest.param(1.0, id="float"),
        pytest.param(None, id="null"),
    ],
)
def test_spritz_refused(spritz):
    refused(result("A", "A", "frei", spritz))


@pytest.mark.parametrize(
    "entry",
    [
        pytest.param({"card_points": {"A": 70}}, id="no-home"),
        pytest.param({"home": "C", "card_points": {"A": 70}}, id="home-C"),
        pytest.param({"home": "A"}, id="no-play"),
        pytest.param(
            {"home": "A", "card_points": {"A": 70}, "result": {"winner": "A", "band": "frei"}},
            id="card-points-and-result",
        ),
        pytest.param(
            {"home": "A", "card_points": {"A": 70}, "solo": {"team": "A", "won": True}},
            id="card-points-and-solo",
        ),
        pytest.param({"home": "A", "result": {"winner": "A", "band": "halb"}}, id="unknown-band"),
        pytest.param({"home": "A", "result": {"winner": "C", "band": "frei"}}, id="winner-C"),
        pytest.param({"home": "A", "result": {"winner": "A"}}, id="result-no-band"),
        pytest.param({"home": "A", "card_points": {"A": 70}, "trumps": "herz"}, id="unknown-field"),
        pytest.param("A wins", id="not-an-object"),
    ],
)
def test_malformed_entries_refused(entry):
    refused(entry)


# --- Melds -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry_melds", "expected"),
    [
        pytest.param([("A", "20")], (1, 0), id="20-is-1"),
        pytest.param([("B", "40")], (0, 2), id="40-is-2"),
        pytest.param([("A", "20"), ("B", "20")], (1, 1), id="20-each"),
        pytest.param(
            [("A", "40"), ("A", "20"), ("B", "20"), ("B", "20")], (3, 2), id="one-40-three-20s"
        ),
    ],
)
@pytest.mark.parametrize("spritz", [0, 2], ids=["no-spritz", "spritz-2"])
def test_meld_points_are_not_doubled_by_spritz(entry_melds, expected, spritz):
    entry = {**result("A", "A", "frei", spritz), "melds": melds(*entry_melds)}
    result_ = outcome(entry, resolve_rules({"target": 99}))
    assert result_.meld_points == Points(*expected)
    assert result_.game_points == Points.only(Team.A, 2**spritz)
    assert result_.points == Points(*expected) + Points.only(Team.A, 2**spritz)


@pytest.mark.parametrize(
    ("entry_melds", "what"),
    [
        pytest.param([("A", "40"), ("B", "40")], "40", id="two-40s-across-teams"),
        pytest.param([("A", "40"), ("A", "40")], "40", id="two-40s-one-team"),
        pytest.param([("A", "20")] * 4, "20", id="four-20s-one-team"),
        pytest.param([("A", "20"), ("B", "20"), ("A", "20"), ("B", "20")], "20", id="four-20s"),
        pytest.param([("A", "40")] + [("B", "20")] * 4, "20", id="five-pairs"),
    ],
)
def test_at_most_one_40_and_three_20s(entry_melds, what):
    message = refused({**result("A", "A", "frei"), "melds": melds(*entry_melds)})
    assert what in message


@pytest.mark.parametrize(
    ("meld", "before", "expected_melds"),
    [
        pytest.param(("A", "20"), (11, 0), (1, 0), id="at-11-a-20-reaches-12"),
        pytest.param(("A", "40"), (10, 0), (2, 0), id="at-10-a-40-reaches-12"),
        pytest.param(("B", "40"), (0, 10), (0, 2), id="B-at-10-a-40-reaches-12"),
    ],
)
def test_meld_reaching_the_target_wins_the_round(meld, before, expected_melds):
    # The other team wins the game itself: the meld still decides the round.
    other = "B" if meld[0] == "A" else "A"
    entry = {**result("A", other, "frei"), "melds": melds(meld)}
    result_ = outcome(entry, before=before)
    assert result_.meld_points == Points(*expected_melds)
    assert result_.round_winner == Team(meld[0])
    assert result_.round_over


@pytest.mark.parametrize(
    ("team", "before"),
    [
        pytest.param("A", (11, 0), id="A-at-11"),
        pytest.param("B", (3, 11), id="B-at-11"),
    ],
)
def test_a_40_at_11_is_refused_naming_team_13_and_12(team, before):
    entry = {**result("A", "A", "frei"), "melds": melds((team, "40"))}
    message = refused(entry, before=before)
    assert re.search(rf"\b{team}\b", message)
    assert re.search(r"\b13\b", message)
    assert re.search(r"\b12\b", message)


def test_a_40_after_a_20_from_10_is_refused():
    # The 20 takes the team to 11: the 40 would reach 13.
    entry = {**result("A", "B", "frei"), "melds": melds(("A", "20"), ("A", "40"))}
    refused(entry, before=(10, 0), match="13")


def test_melds_count_before_game_points():
    # At 9 a 40 is fine (11); counted after the game's 3 points it would pass 12.
    entry = {**result("A", "A", "schwarz"), "melds": melds(("A", "40"))}
    result_ = outcome(entry, before=(9, 5))
    assert result_.meld_points == Points(2, 0)
    assert result_.game_points == Points(3, 0)
    assert result_.score_after == Points(14, 5)
    assert result_.round_winner is Team.A


def test_meld_to_the_target_wins_even_if_the_others_game_points_pass_it():
    entry = {**result("A", "B", "schwarz", spritz=1), "melds": melds(("A", "20"))}
    result_ = outcome(entry, before=(11, 10))
    assert result_.score_after == Points(12, 10 + 8)
    assert result_.round_winner is Team.A


def test_game_points_alone_win_the_round_for_the_game_winner():
    result_ = outcome(result("A", "B", "frei"), before=(11, 10))
    assert result_.score_after == Points(11, 12)
    assert result_.round_winner is Team.B


def test_below_the_target_the_round_goes_on():
    result_ = outcome({**result("A", "A", "frei"), "melds": melds(("B", "20"))}, before=(9, 9))
    assert result_.score_after == Points(10, 10)
    assert result_.round_winner is None
    assert not result_.round_over


def test_no_meld_after_the_round_is_won_by_a_meld():
    # A decision (docs/rules.md section 1, "Melds"): once a meld wins the round nothing melds after,
    # and such an entry is refused rather than the later meld dropped.
    entry = {**result("A", "A", "frei"), "melds": melds(("A", "20"), ("B", "20"))}
    refused(entry, before=(11, 11))


@pytest.mark.parametrize(
    ("rules", "before_a", "expected"),
    [
        pytest.param(FORTY, 10, 1, id="forty-rule-at-10-counts-1"),
        pytest.param(FORTY, 9, 2, id="forty-rule-at-9-counts-2"),
        pytest.param(FORTY, 0, 2, id="forty-rule-at-0-counts-2"),
        pytest.param(LAUTERN, 10, 2, id="no-forty-rule-at-10-counts-2"),
        pytest.param(
            resolve_rules({"forty_rule": True, "target": 31}), 29, 1, id="forty-rule-target-31"
        ),
    ],
)
def test_forty_rule(rules, before_a, expected):
    entry = {**result("A", "B", "frei"), "melds": melds(("A", "40"))}
    result_ = outcome(entry, rules, before=(before_a, 0))
    assert result_.meld_points == Points(expected, 0)
    reached = before_a + expected
    assert (result_.round_winner is Team.A) == (reached == rules.target)
    assert ("forty_rule" in [line.code for line in result_.breakdown]) == (expected == 1)


def test_forty_rule_does_not_allow_a_40_at_11():
    entry = {**result("A", "B", "frei"), "melds": melds(("A", "40"))}
    refused(entry, FORTY, before=(11, 0), match="13")


def test_forty_rule_counts_earlier_melds_of_the_same_game():
    # A 20 takes the team from 9 to 10; the 40 that follows counts 1.
    entry = {**result("A", "B", "frei"), "melds": melds(("A", "20"), ("A", "40"))}
    assert outcome(entry, FORTY, before=(9, 0)).meld_points == Points(2, 0)


@pytest.mark.parametrize(
    "meld",
    [
        pytest.param({"team": "C", "kind": "20"}, id="team-C"),
        pytest.param({"team": "A", "kind": "30"}, id="kind-30"),
        pytest.param({"team": "A"}, id="no-kind"),
        pytest.param({"team": "A", "kind": "20", "suit": "herz"}, id="extra-field"),
        pytest.param("A20", id="string"),
    ],
)
def test_malformed_melds_refused(meld):
    refused({**result("A", "A", "frei"), "melds": [meld]})


def test_melds_must_be_a_list():
    refused({**result("A", "A", "frei"), "melds": {"team": "A", "kind": "20"}})


# --- Kart'ab (solo) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("home", "soloist", "won", "before", "winner", "after"),
    [
        pytest.param("A", "A", True, (0, 0), "A", (12, 0), id="home-soloist-wins"),
        pytest.param("A", "A", False, (0, 0), "B", (0, 12), id="home-soloist-loses"),
        pytest.param("A", "B", True, (3, 4), "B", (3, 16), id="away-soloist-wins"),
        pytest.param("B", "B", False, (5, 11), "A", (17, 11), id="soloist-at-11-loses"),
        pytest.param("B", "A", True, (11, 0), "A", (23, 0), id="from-11-to-23"),
    ],
)
def test_solo_gives_12_to_the_winning_side_and_ends_the_round(
    home, soloist, won, before, winner, after
):
    entry = {"home": home, "solo": {"team": soloist, "won": won}}
    result_ = outcome(entry, before=before)
    assert result_.winner == Team(winner)
    assert result_.game_points == Points.only(Team(winner), 12)
    assert result_.meld_points == Points()
    assert result_.score_after == Points(*after)
    assert result_.round_winner == Team(winner)
    assert result_.round_over


def test_solo_ends_the_round_even_below_a_target_of_31():
    rules = resolve_rules({"target": 31})
    result_ = outcome({"home": "A", "solo": {"team": "A", "won": True}}, rules)
    assert result_.score_after == Points(12, 0)
    assert result_.round_winner is Team.A


@pytest.mark.parametrize(
    "extra",
    [
        pytest.param({"melds": melds(("A", "20"))}, id="with-a-meld"),
        pytest.param({"spritz": 1}, id="with-spritz"),
        pytest.param({"melds": melds(("B", "40")), "spritz": 2}, id="with-both"),
    ],
)
def test_solo_refused_with_melds_or_spritz(extra):
    refused({"home": "A", "solo": {"team": "A", "won": True}, **extra}, match="Kart'ab")


@pytest.mark.parametrize(
    "solo",
    [
        pytest.param({"team": "A"}, id="no-won"),
        pytest.param({"team": "A", "won": 1}, id="won-1"),
        pytest.param({"team": "C", "won": True}, id="team-C"),
        pytest.param(True, id="bare-true"),
    ],
)
def test_malformed_solo_refused(solo):
    refused({"home": "A", "solo": solo})


@pytest.mark.parametrize(
    ("rules", "decider", "allowed"),
    [
        pytest.param(LAUTERN, True, True, id="decider-solo-allowed-by-default"),
        pytest.param(LEDIG, True, False, id="decider-ledig-refused"),
        pytest.param(LEDIG, False, True, id="no-decider-ledig-allowed"),
        pytest.param(LAUTERN, False, True, id="no-decider-allowed"),
    ],
)
def test_solo_in_decider(rules, decider, allowed):
    entry = {"home": "A", "solo": {"team": "B", "won": True}}
    if allowed:
        assert outcome(entry, rules, decider=decider).round_winner is Team.B
    else:
        refused(entry, rules, decider=decider, match="Gehampelter")


def test_ledig_only_concerns_solos():
    assert outcome(result("A", "A", "frei"), LEDIG, decider=True).game_points == Points(1, 0)


# --- Score before ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "before"),
    [
        pytest.param(LAUTERN, (12, 0), id="A-at-12"),
        pytest.param(LAUTERN, (0, 12), id="B-at-12"),
        pytest.param(LAUTERN, (13, 3), id="A-past-12"),
        pytest.param(LAUTERN, (-1, 0), id="negative"),
        pytest.param(resolve_rules({"target": 31}), (0, 31), id="B-at-31"),
    ],
)
def test_score_before_at_or_over_the_target_refused(rules, before):
    refused(result("A", "A", "frei"), rules, before=before)


def test_score_before_just_short_of_31_allowed():
    rules = resolve_rules({"target": 31})
    assert outcome(result("A", "B", "frei"), rules, before=(30, 30)).round_winner is Team.B
