"""Corrections across a Paarturnier's stages over HTTP (docs/rules.md section 5,
"Corrections across stages"): the three cases of issue 27, and the ones beside them.

Every match goes to the lower pair number unless a test corrects it, so a group of four
ranks its pairs by number and the bracket is known.
"""

from tests.api import pair_play as play
from tests.api.pair_play import correct, delete, draw, state, table_of


def knockout_tables(tournament: dict) -> dict[str, list[list[int]]]:
    """Return each knock-out draw's tables' pairs by stage (the third place as 'third')."""
    seated: dict[str, list[list[int]]] = {}
    for made in tournament["draws"]:
        for table in made["tables"]:
            if made["stage"] != "group":
                stage = "third" if table["third_place"] else made["stage"]
                seated.setdefault(stage, []).append(sorted(table["pairs"]))
    return seated


def groups_then_semifinals(client, made):
    """Play the three group rounds of eight pairs, then draw the semi-finals."""
    for _ in range(3):
        play.play(client, draw(client, made))
    return draw(client, made)


def runner_up_match(tournament: dict, group: str) -> dict:
    """Return the group match of the group's second and third: its correction swaps them."""
    lines = next(g for g in tournament["groups"] if g["name"] == group)["standings"]
    second, third = lines[1]["pair"], lines[2]["pair"]
    return next(
        table
        for made in tournament["draws"]
        if made["stage"] == "group"
        for table in made["tables"]
        if set(table["pairs"]) == {second, third}
    )


def test_a_corrected_semifinal_reseats_the_final_while_it_has_no_game(client):
    made = play.create(client, 8)
    semis = groups_then_semifinals(client, made)
    play.play(client, semis)
    final = draw(client, made)
    one, two = semis["tables"][0]["pairs"]
    loser = max(one, two)
    before = knockout_tables(state(client, made))
    assert min(one, two) in {p for t in before["final"] for p in t}

    corrected = correct(client, made, semis["tables"][0], loser)
    assert corrected.status_code == 200, corrected.json
    after = state(client, made)
    seated = knockout_tables(after)
    assert loser in seated["final"][0] and min(one, two) in seated["third"][0]
    # The same sheets, so the table cards' links and tokens stay valid.
    assert [t["sheet"]["id"] for t in after["draws"][-1]["tables"]] == [
        t["sheet"]["id"] for t in final["tables"]
    ]
    sheet = client.get(f"/api/v1/sheets/{final['tables'][0]['sheet']['id']}").json
    assert f"Erste {loser}" in sheet["players"]
    moved = after["corrections"][-1]["moved"]
    assert {(m["stage"], m["third_place"]) for m in moved} == {("final", False), ("final", True)}
    assert next(m for m in moved if not m["third_place"])["before"] == final["tables"][0]["pairs"]
    # The final's players' own token records there now.
    assert play.calls.record(client, final["tables"][0], play.win("A")).status_code == 201
    # The bracket and the ranking follow: one champion, one place each.
    assert play.calls.record(client, final["tables"][1], play.win("A")).status_code == 201
    done = state(client, made)
    assert done["finished"] is True
    places = [line["place"] for line in done["standings"]]
    assert places[:4] == [1, 2, 3, 4] and len({line["pair"] for line in done["standings"]}) == 8
    # Each phone's story: the re-seated pair played the final; nobody waits for a draw.
    told = {line["pair"]: line for line in done["outlooks"]}
    [champion] = [pair for pair, line in told.items() if line["champion"]]
    assert told[champion]["place"] == 1 and told[champion]["last_rounds"] == [1, 0]
    assert loser in {champion} | {p for p, line in told.items() if line["out"] == "final"}
    assert all(line["next"] is None and line["place"] for line in told.values())


def test_a_corrected_semifinal_waits_while_the_final_has_games(client):
    """Issue 27, case 1: the final stood as drawn, and two pairs shared first place."""
    made = play.create(client, 8)
    semis = groups_then_semifinals(client, made)
    play.play(client, semis)
    play.play(client, draw(client, made))
    finished = state(client, made)
    assert finished["finished"] is True
    loser = max(semis["tables"][0]["pairs"])

    refused = correct(client, made, semis["tables"][0], loser)
    assert refused.status_code == 409, refused.json
    assert refused.json["message"] == (
        "Already being played: the final, the match for third place. Delete the games there first."
    )
    assert state(client, made)["standings"] == finished["standings"]
    # Deleting the games in the way first makes the correction possible.
    final = finished["draws"][-1]
    for table in final["tables"]:
        assert delete(client, made, table).status_code == 200
    assert correct(client, made, semis["tables"][0], loser).status_code == 200
    seated = knockout_tables(state(client, made))
    assert loser in seated["final"][0]


def test_a_score_inside_a_match_is_always_corrected(client):
    made = play.create(client, 8)
    semis = groups_then_semifinals(client, made)
    play.play(client, semis)
    play.play(client, draw(client, made))
    before = state(client, made)
    group_table = table_of(before, 1, 1)
    same = correct(client, made, group_table, min(group_table["pairs"]), spritz=5)
    assert same.status_code == 200, same.json
    semi = semis["tables"][0]
    assert correct(client, made, semi, min(semi["pairs"]), spritz=5).status_code == 200
    after = state(client, made)
    assert [c["moved"] for c in after["corrections"]] == [[], []]
    assert knockout_tables(after) == knockout_tables(before)
    # The knock-out's places stand; the score may move pairs out in the groups.
    assert after["standings"][:4] == before["standings"][:4]


def test_a_corrected_group_match_reseats_the_semifinals_without_games(client):
    made = play.create(client, 8)
    semis = groups_then_semifinals(client, made)
    tournament = state(client, made)
    match = runner_up_match(tournament, "A")
    second, third = (line["pair"] for line in tournament["groups"][0]["standings"][1:3])
    assert correct(client, made, match, third).status_code == 200
    after = state(client, made)
    seated = {p for t in knockout_tables(after)["semifinal"] for p in t}
    assert third in seated and second not in seated
    assert after["draws"][-1]["tables"][0]["sheet"]["id"] == semis["tables"][0]["sheet"]["id"]
    assert [m["stage"] for m in after["corrections"][-1]["moved"]] == ["semifinal"]


def test_a_corrected_group_match_after_the_semifinals_is_refused_and_the_draw_goes_on(client):
    """Issue 27, case 2: drawNext answered 500 (StopIteration in _undecided)."""
    made = play.create(client, 8)
    semis = groups_then_semifinals(client, made)
    play.play(client, semis)
    tournament = state(client, made)
    match = runner_up_match(tournament, "A")
    third = tournament["groups"][0]["standings"][2]["pair"]
    refused = correct(client, made, match, third)
    assert refused.status_code == 409, refused.json
    assert refused.json["message"].startswith("Already being played: semi-final")
    assert state(client, made)["groups"] == tournament["groups"]
    assert draw(client, made)["stage"] == "final"


def test_a_corrected_group_match_never_rewrites_a_played_knockout(client):
    """Issue 27, case 3: 13 pairs in groups of 4, 4, 5; the knock-out was rebuilt."""
    made = play.create(client, 13, group_size=5)
    done = play.play_out(client, made)
    assert sorted(len(g["pairs"]) for g in done["groups"]) == [4, 4, 5]
    group = done["groups"][0]["name"]
    match = runner_up_match(done, group)
    third = next(g for g in done["groups"] if g["name"] == group)["standings"][2]["pair"]
    refused = correct(client, made, match, third)
    assert refused.status_code == 409, refused.json
    after = state(client, made)
    assert after["bracket"] == done["bracket"] and after["standings"] == done["standings"]
    assert after["corrections"] == []
    champion = done["standings"][0]
    assert champion["place"] == 1 and [line["place"] for line in done["standings"]].count(1) == 1


def test_a_semifinal_left_without_a_winner_is_refused_while_the_final_is_drawn(client):
    made = play.create(client, 8)
    semis = groups_then_semifinals(client, made)
    play.play(client, semis)
    draw(client, made)
    refused = delete(client, made, semis["tables"][0])
    assert refused.status_code == 409, refused.json
    assert refused.json["message"].startswith("The final is drawn already")
