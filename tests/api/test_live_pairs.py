"""Whole Paarturniere over real HTTP against gunicorn: 16 pairs and 13 pairs to the final.

Every game goes through the sheets API with the table's own token, as the tables' phones
would send it, until the match's sheet finishes by itself (`rounds_to_win`). The groups,
the bracket and the final ranking the tournament answers are checked against the test's
own reading of docs/rules.md section 5 from the rounds each sheet reports, not the engine's.
"""

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, pairwise

import pytest

from tests.api.live import create, draw, record

pytestmark = pytest.mark.server


def play_match(http, url, table, rng) -> None:
    """Record games at a match's table until its sheet is finished."""
    for _ in range(200):
        response = record(http, url, table, rng)
        assert response.status_code == 201, response.text
        if response.json()["state"]["current"]["finished"]:
            refused = record(http, url, table, rng)
            # The match is over; the last one of the final's draw ends the tournament too,
            # which closes its draw to the phones.
            words = refused.json()["message"]
            assert (refused.status_code, "Table finished" in words) == (422, True) or (
                refused.status_code,
                "is closed" in words,
            ) == (409, True), refused.text
            return
    pytest.fail("a match did not finish")


def match_result(http, url, table, rounds_to_win) -> dict:
    """Read a match's sheet: rounds won by each pair, the first pair's score difference."""
    sheet = http.get(f"{url}/api/v1/sheets/{table['sheet']['id']}", timeout=10).json()
    won = Counter(finished["winner"] for finished in sheet["rounds"])
    difference = sum(r["final"]["A"] - r["final"]["B"] for r in sheet["rounds"])
    one, two = table["pairs"]
    winner = None
    if max(won["A"], won["B"]) >= rounds_to_win:
        winner = one if won["A"] > won["B"] else two
    return {
        "pairs": (one, two),
        "rounds": (won["A"], won["B"]),
        "diff": difference,
        "winner": winner,
    }


def records(results, members) -> dict[int, dict]:
    """Return each pair's group record from its group's match results."""
    lines = {p: {"played": 0, "won": 0, "rounds": 0, "score": 0} for p in members}
    for result in results:
        for index, pair in enumerate(result["pairs"]):
            line = lines[pair]
            mine, theirs = result["rounds"] if index == 0 else result["rounds"][::-1]
            line["played"] += 1
            line["won"] += result["winner"] == pair
            line["rounds"] += mine - theirs
            line["score"] += result["diff"] if index == 0 else -result["diff"]
    return lines


def criteria(line) -> tuple[int, int, int]:
    return (line["won"], line["rounds"], line["score"])


def per_match(line) -> tuple[Fraction, ...]:
    """Return a pair's criteria per match played, to compare across groups."""
    played = max(line["played"], 1)
    return tuple(Fraction(value, played) for value in criteria(line))


def expected_group_blocks(results, members) -> list[tuple[set[int], bool]]:
    """Return a group's order as blocks of pairs the criteria cannot part, best first.

    A block of two tied on every criterion is parted by their match (if it had a winner);
    what is left is a lot: (pairs, drawn by lot).
    """
    lines = records(results, members)
    ordered = sorted(members, key=lambda p: criteria(lines[p]), reverse=True)
    blocks: list[tuple[set[int], bool]] = []
    for pair in ordered:
        if blocks and criteria(lines[next(iter(blocks[-1][0]))]) == criteria(lines[pair]):
            blocks[-1][0].add(pair)
        else:
            blocks.append(({pair}, False))
    parted: list[tuple[set[int], bool]] = []
    for block, _ in blocks:
        if len(block) == 1:
            parted.append((block, False))
            continue
        if len(block) == 2:
            match = next(r for r in results if set(r["pairs"]) == block)
            if match["winner"] is not None:
                loser = (block - {match["winner"]}).pop()
                parted += [({match["winner"]}, False), ({loser}, False)]
                continue
        parted.append((block, True))
    return parted, lines


def play_tournament(http, url, pairs, format, seed):
    """Create a Paarturnier, play every draw through the sheets API; return the final state."""
    rng = random.Random(seed)
    body = {"title": "Bauer-WM", "rules": {"preset": "lautern"}, "pairs": pairs, "format": format}
    home, token = create(http, url, body)
    stages = []
    for number in range(1, 20):
        response = draw(http, home, token, f"{seed}-{number}", f"pairs-draw-{number}")
        if number > 1 and response.status_code == 409:
            assert "finished" in response.json()["message"]
            break
        assert response.status_code == 201, response.text
        made = response.json()
        stages.append(made["stage"])
        busy = http.post(f"{home}/draws", json={}, headers=token, timeout=10)
        if made["tables"]:
            assert busy.status_code == 409 and "still being played" in busy.json()["message"]
        for table in made["tables"]:
            play_match(http, url, table, rng)
    state = http.get(home, timeout=10).json()
    assert state["finished"] is True
    return state, stages


def check_groups(http, url, state, sizes) -> tuple[dict, dict, dict]:
    """Check the groups, their schedule and standings; return results, records, places."""
    rounds_to_win = state["format"]["rounds_to_win"]
    groups = {group["name"]: group for group in state["groups"]}
    assert sorted(len(g["pairs"]) for g in groups.values()) == sorted(sizes)
    assert sorted(p for g in groups.values() for p in g["pairs"]) == [
        p["number"] for p in state["pairs"]
    ]
    group_of = {p: name for name, g in groups.items() for p in g["pairs"]}
    results: dict[str, list[dict]] = {name: [] for name in groups}
    for made in state["draws"]:
        if made["stage"] != "group":
            continue
        seated = [p for table in made["tables"] for p in table["pairs"]]
        assert len(seated) == len(set(seated)), "a pair plays twice in one group round"
        # The circle method: a group of n plays n - 1 rounds (n if odd); a group done sits
        # out the rounds left with no bye (docs/rules.md section 5).
        playing = [
            p
            for g in groups.values()
            for p in g["pairs"]
            if made["number"] <= len(g["pairs"]) - 1 + len(g["pairs"]) % 2
        ]
        assert sorted(seated + made["byes"]) == sorted(playing)
        for table in made["tables"]:
            one, two = table["pairs"]
            assert group_of[one] == group_of[two] == table["group"]
            results[table["group"]].append(match_result(http, url, table, rounds_to_win))
    lines_of: dict[str, dict] = {}
    places: dict[int, int] = {}
    for name, group in groups.items():
        met = Counter(frozenset(r["pairs"]) for r in results[name])
        assert met == Counter(frozenset(c) for c in combinations(group["pairs"], 2))
        assert all(r["winner"] is not None for r in results[name])
        blocks, lines = expected_group_blocks(results[name], group["pairs"])
        lines_of.update(lines)
        standings = group["standings"]
        assert [line["place"] for line in standings] == list(range(1, len(standings) + 1))
        at = 0
        for block, lot in blocks:
            got = standings[at : at + len(block)]
            assert {line["pair"] for line in got} == block, (name, blocks, standings)
            assert all(line["lot"] is lot for line in got), (name, blocks, standings)
            at += len(block)
        for line in standings:
            mine = lines[line["pair"]]
            assert (line["matches_won"], line["round_difference"], line["score_difference"]) == (
                criteria(mine)
            )
            places[line["pair"]] = line["place"]
    return group_of, lines_of, places


def check_knockout(http, url, state, group_of, lines, places):
    """Check the bracket from the group places, the winners carried forward, the ranking."""
    advance, rounds_to_win = state["format"]["advance"], state["format"]["rounds_to_win"]
    qualified = [p for p in places if places[p] <= advance]
    size = 1 << (len(qualified) - 1).bit_length()
    winners = [p for p in qualified if places[p] == 1]
    knockout = [made for made in state["draws"] if made["stage"] != "group"]
    assert len(knockout) == size.bit_length() - 1
    played = [
        [
            match_result(http, url, t, rounds_to_win) | {"third": t["third_place"]}
            for t in made["tables"]
        ]
        for made in knockout
    ]
    first = played[0]
    in_first = [p for r in first for p in r["pairs"]]
    byes = set(qualified) - set(in_first)
    assert len(in_first) == len(set(in_first)) and len(byes) == size - len(qualified)
    if byes:
        # The byes go to the best group winners across the groups (per match played).
        cut = min(per_match(lines[p]) for p in byes)
        assert byes <= set(winners)
        assert all(per_match(lines[p]) <= cut for p in set(winners) - byes)
    for result in first:
        one, two = result["pairs"]
        assert group_of[one] != group_of[two]
        if not byes:
            assert sorted(places[p] for p in result["pairs"]) == [1, 2]
    # Each later round pairs the winners (or byes) of the round before, in bracket order.
    carried = [*byes, *(r["winner"] for r in first)]
    for before, now in pairwise(played):
        main = [r for r in now if not r["third"]]
        if before is not first:
            carried = [r["winner"] for r in before if not r["third"]]
        assert sorted(p for r in main for p in r["pairs"]) == sorted(carried)
        assert all(r["winner"] is not None for r in now)
    # Two of one group stand in different halves: they can meet in the final at the earliest.
    semis = [r for r in played[-2] if not r["third"]]
    half = {pair: side for side, semi in enumerate(semis) for pair in semi["pairs"]}
    for made in reversed(played[:-2]):
        for result in made:
            half |= dict.fromkeys(result["pairs"], half[result["winner"]])
    for name in set(group_of.values()):
        mine = [p for p in qualified if group_of[p] == name]
        assert len({half[p] for p in mine}) == len(mine), (name, mine, half)
    # The final ranking: final, third place, the round reached, then the groups' places.
    final = next(r for r in played[-1] if not r["third"])
    expected = {final["winner"]: 1, next(p for p in final["pairs"] if p != final["winner"]): 2}
    third = next((r for r in played[-1] if r["third"]), None)
    if third is not None:
        loser = next(p for p in third["pairs"] if p != third["winner"])
        expected |= {third["winner"]: 3, loser: 4}
    place = len(expected) + 1
    for made in reversed(played[:-2]):
        out = [p for r in made for p in r["pairs"] if p != r["winner"]]
        expected |= dict.fromkeys(out, place)
        place += len(out)
    rest = sorted(
        (p for p in places if p not in expected),
        key=lambda p: (places[p], tuple(-x for x in per_match(lines[p]))),
    )
    for index, pair in enumerate(rest):
        before = rest[index - 1] if index else None
        same = before is not None and (places[before], per_match(lines[before])) == (
            places[pair],
            per_match(lines[pair]),
        )
        expected[pair] = expected[before] if same else place + index
    got = {line["pair"]: line["place"] for line in state["standings"]}
    assert got == expected
    assert [line["place"] for line in state["standings"]] == sorted(got.values())
    # The bracket the state answers is the one played.
    drawn = [[m for m in r["matches"] if m["table"] is not None] for r in state["bracket"]]
    assert [[(m["pairs"], m["winner"]) for m in r] for r in drawn] == [
        [(list(r["pairs"]), r["winner"]) for r in made] for made in played
    ]


@pytest.mark.parametrize(
    ("count", "group_size", "sizes", "stages"),
    [
        pytest.param(16, 4, [4, 4, 4, 4], ["group"] * 3 + ["quarterfinal", "semifinal", "final"]),
        # group_size is the largest group (docs/rules.md section 5): 13 pairs by 5 are 5, 4, 4.
        pytest.param(13, 5, [4, 4, 5], ["group"] * 5 + ["quarterfinal", "semifinal", "final"]),
    ],
)
def test_a_whole_paarturnier_through_the_sheets_api(
    live_server, http, count, group_size, sizes, stages
):
    pairs = [[f"Erste {n}", f"Zweite {n}"] for n in range(1, count + 1)]
    format = {"kind": "pairs", "rounds_to_win": 2, "group_size": group_size, "advance": 2}
    state, played_stages = play_tournament(http, live_server, pairs, format, f"wm{count}")
    assert played_stages == stages
    group_of, lines, places = check_groups(http, live_server, state, sizes)
    check_knockout(http, live_server, state, group_of, lines, places)
    final_draw = state["draws"][-1]["tables"]
    assert [t["third_place"] for t in final_draw] == [False, True]
    exported = http.get(
        f"{live_server}/api/v1/tournaments/{state['id']}/export?format=json", timeout=10
    ).json()
    assert exported["results"] == state["standings"] and exported["bracket"] == state["bracket"]
    log = live_server.log_text()
    assert "Traceback" not in log, log[-3000:]
