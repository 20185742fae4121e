"""The Paarturnier in the store: pairs, groups drawn by the first draw, matches as sheets."""

import pytest

from bauerblock import store
from bauerblock.engine.errors import GameError, RuleError
from bauerblock.engine.tournament import TournamentFinished
from bauerblock.kinds.pairs.engine import PairsConflict
from bauerblock.kinds.pairs.store import StoredPairs
from bauerblock.kinds.preisbauer.store import StoredTournament
from bauerblock.services import sheets as service
from bauerblock.services import tournaments as tournament_service
from bauerblock.store import tournaments
from bauerblock.store.errors import SheetClosed
from tests.told import told
from tests.words import refused_saying

PAIRS = [[f"Erste {n}", f"Zweite {n}"] for n in range(1, 9)]
FORMAT = {"kind": "pairs", "rounds_to_win": 2, "group_size": 4, "advance": 2}
# One game closes a round: schwarz with four Spritz is past the target at once.
ROUND_A = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}
ROUND_B = {"result": {"winner": "B", "band": "schwarz"}, "spritz": 4}


@pytest.fixture
def made(db):
    """Return a stored Paarturnier of eight pairs (two groups of four) and its token."""
    return tournaments.create_tournament(db, title="Bauer-WM", pairs=PAIRS, format=FORMAT)


def win(db, sheet_id, team="A"):
    """Win a match 2:0 for team A (the table's first pair) or B."""
    for _ in range(2):
        service.record_game(db, sheet_id, ROUND_A if team == "A" else ROUND_B)


def test_a_created_paarturnier_has_its_pairs_and_tables_to_two_rounds(db, made):
    stored, token = made
    assert stored.kind == "pairs" and tournaments.check_token(db, stored.id, token)
    assert stored.tournament.pairs[0].names == ("Erste 1", "Zweite 1")
    assert stored.rules.rounds_to_win == 2 and stored.rules.round_limit == 0
    again = tournaments.load_tournament(db, stored.id)
    assert again.kind == "pairs" and again.tournament == stored.tournament
    body = told(stored)
    assert body["format"] == {**FORMAT, "third_place": True}
    assert body["pairs"][7] == {"number": 8, "names": ["Erste 8", "Zweite 8"], "active": True}
    assert body["groups"] == [] and body["draws"] == [] and body["bracket"] == []
    assert body["standings"] == [] and body["finished"] is False


def test_the_kinds_are_told_apart_by_their_class(db, made):
    pairs, _ = made
    preisbauer, _ = tournaments.create_tournament(db, players=["A", "B", "C", "D"])
    assert isinstance(pairs, StoredPairs) and pairs.kind == "pairs"
    assert isinstance(preisbauer, StoredTournament) and preisbauer.kind == "preisbauer"
    assert {
        "pairs": StoredPairs,
        "preisbauer": StoredTournament,
    } == tournaments.STORED_KINDS
    # Both documents start alike: the shared head, in the same order.
    heads = [list(told(one))[:8] for one in (pairs, preisbauer)]
    assert (
        heads[0]
        == heads[1]
        == ["id", "kind", "title", "version", "created", "updated", "rules", "format"]
    )
    assert [told(one)["kind"] for one in (pairs, preisbauer)] == [
        "pairs",
        "preisbauer",
    ]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"pairs": PAIRS[:3]}, "4 to 64 pairs, not 3"),
        ({"pairs": [*PAIRS[:4], ["Erste 1", "Neu"]]}, "'Erste 1' is given twice"),
        ({"pairs": [*PAIRS[:4], ["Allein"]]}, "Pair 5 must be two names"),
        ({"pairs": [*PAIRS[:4], ["x" * 41, "y"]]}, "40"),
        ({"pairs": PAIRS, "players": ["Hans"]}, "not players"),
        ({"pairs": PAIRS, "rules": {"round_limit": 3}}, "leave round_limit out"),
        ({"pairs": PAIRS, "rules": {"rounds_to_win": 3}}, "rounds_to_win"),
        ({"pairs": PAIRS[:4], "format": {**FORMAT, "advance": 1}}, "at least 2 pairs going on"),
    ],
)
def test_bad_pairs_and_formats_are_refused_in_words(db, kwargs, words):
    spec = {"format": FORMAT, **kwargs}
    with refused_saying(RuleError, match=words):
        tournaments.create_tournament(db, **spec)
    assert db["tournaments"].count == 0


def test_the_kinds_keep_their_own_entries(db):
    with refused_saying(RuleError, match="not pairs"):
        tournaments.create_tournament(db, pairs=PAIRS)
    with refused_saying(RuleError, match=r"format\.kind is 'preisbauer'"):
        tournaments.create_tournament(db, format={"kind": "league"})
    stored, _ = tournaments.create_tournament(
        db, players=["A", "B", "C", "D"], format={"kind": "preisbauer"}
    )
    assert stored.kind == "preisbauer" and "kind" not in stored.tournament.format.to_dict()


def test_the_first_draw_draws_the_groups_and_seats_the_pairs_opposite(db, made):
    stored, token = made
    stored, draw = tournaments.draw_next(db, stored.id, token, seed="wm")
    assert draw.stage.value == "group" and len(draw.matches) == 4
    body = told(stored, token)
    groups = body["groups"]
    assert [g["name"] for g in groups] == ["A", "B"]
    assert sorted(p for g in groups for p in g["pairs"]) == list(range(1, 9))
    table = body["draws"][0]["tables"][0]
    one, two = table["pairs"]
    assert table["group"] in ("A", "B") and table["third_place"] is False
    sheet = store.load_sheet(db, table["sheet"]["id"])
    assert sheet.players == (
        PAIRS[one - 1][0],
        PAIRS[two - 1][0],
        PAIRS[one - 1][1],
        PAIRS[two - 1][1],
    )
    assert sheet.rules.rounds_to_win == 2 and sheet.tournament["draw"] == 1
    assert store.check_token(sheet, table["sheet"]["edit_token"])


def test_a_match_is_decided_when_its_sheet_is_finished(db, made):
    stored, token = made
    stored, _ = tournaments.draw_next(db, stored.id, token)
    table = told(stored)["draws"][0]["tables"][0]
    sheet_id = table["sheet"]["id"]
    service.record_game(db, sheet_id, ROUND_B)
    service.record_game(db, sheet_id, ROUND_A)
    with refused_saying(PairsConflict, match="Draw 1 is still being played"):
        tournaments.draw_next(db, stored.id, token)
    service.record_game(db, sheet_id, ROUND_B)
    with refused_saying(GameError, match="Table finished: 1:2 rounds"):
        service.record_game(db, sheet_id, ROUND_A)
    line = told(tournaments.load_tournament(db, stored.id))["draws"][0]
    decided = line["tables"][0]
    assert decided["rounds_won"] == [1, 2] and decided["finished"] is True
    assert decided["winner"] == table["pairs"][1] and line["finished"] is False


def test_a_whole_paarturnier_to_its_final_ranking(db, made):
    stored, token = made
    stages = []
    while not told(stored)["finished"]:
        stored, draw = tournaments.draw_next(db, stored.id, token)
        stages.append(draw.stage.value)
        for table in told(stored)["draws"][-1]["tables"]:
            # The lower number always wins.
            win(db, table["sheet"]["id"], "A" if table["pairs"][0] < table["pairs"][1] else "B")
        stored = tournaments.load_tournament(db, stored.id)
    assert stages == ["group", "group", "group", "semifinal", "final"]
    body = told(stored)
    final_draw = body["draws"][-1]["tables"]
    assert [t["third_place"] for t in final_draw] == [False, True]
    standings = body["standings"]
    assert [line["place"] for line in standings] == [1, 2, 3, 4, 5, 5, 7, 7]
    assert standings[0]["pair"] == 1 and standings[0]["names"] == PAIRS[0]
    assert [line["stage"] for line in standings][:2] == ["final", "final"]
    assert body["bracket"][-1]["round"] == "final"
    assert all(m["winner"] is not None for r in body["bracket"] for m in r["matches"])
    for group in body["groups"]:
        assert [line["matches_won"] for line in group["standings"]] == [3, 2, 1, 0]
    with refused_saying(TournamentFinished, match="finished"):
        tournaments.draw_next(db, stored.id, token)
    # Finished for good: the final's tables are closed to their phones.
    final_sheet = final_draw[0]["sheet"]["id"]
    assert store.load_head(db, final_sheet).tournament["closed_by"] == "finished"
    with pytest.raises(SheetClosed):
        service.delete_game(db, final_sheet, 1)


def test_ending_a_draw_closes_its_tables_and_redoing_draws_the_groups_anew(db, made):
    stored, token = made
    stored, _ = tournaments.draw_next(db, stored.id, token, seed="one")
    first_groups = told(stored)["groups"]
    tournaments.redo_draw(db, stored.id, 1)
    stored, _ = tournaments.draw_next(db, stored.id, token, seed="two")
    assert told(stored)["groups"] != first_groups
    sheet_id = told(stored)["draws"][0]["tables"][0]["sheet"]["id"]
    service.record_game(db, sheet_id, ROUND_A)
    with refused_saying(PairsConflict, match="a table has recorded a game"):
        tournaments.redo_draw(db, stored.id, 1)
    ended = tournaments.end_draw(db, stored.id, 1)
    assert ended.tournament.draws[0].ended
    with pytest.raises(SheetClosed):
        service.record_game(db, sheet_id, ROUND_A)
    # The open match counts its round but has no winner; the next group round comes.
    _, second = tournaments.draw_next(db, stored.id, token)
    assert second.number == 2 and second.stage.value == "group"


def test_a_retried_draw_makes_one_draw_and_pairs_are_fixed(db, made):
    stored, token = made
    first = tournament_service.draw(db, stored.id, token, idempotency_key="pairs-draw-1")
    again = tournament_service.draw(db, stored.id, token, idempotency_key="pairs-draw-1")
    assert again.replayed and (again.number, again.version) == (first.number, first.version)
    assert again.stored.tournament.draws == first.stored.tournament.draws
    assert db["draws"].count == 1
    with refused_saying(PairsConflict, match="pairs are registered when it is created"):
        tournaments.roster(db, stored.id).add(db, stored.id, ["Spät"])
    with pytest.raises(PairsConflict):
        tournaments.roster(db, stored.id).withdraw(db, stored.id, 1)
