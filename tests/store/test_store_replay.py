"""Amending an early game re-scores every later one, checked against an independent model."""

import copy
import random

from bauerblock import store
from bauerblock.engine.games import sheet_game
from bauerblock.services import sheets as service

TARGET = 12
BANDS = {"frei": 1, "schneider": 2, "schwarz": 3}


class Illegal(Exception):
    """The model refuses a game."""


class PaperPad:
    """Bauerchen scored by hand (docs/rules.md section 1): results, melds, spritz, 40er-Regel on."""

    def __init__(self) -> None:
        self.round = 1
        self.score = {"A": 0, "B": 0}
        self.knoddels = {"A": 0, "B": 0}
        self.steins = {"A": 0, "B": 0}
        self.games: list[dict] = []
        self.rounds: list[dict] = []

    def play(self, entry: dict) -> None:
        number = len(self.games) + 1
        dealer = (number - 1) % 4
        home = "A" if (dealer + 1) % 2 == 0 else "B"
        score, points = dict(self.score), {"A": 0, "B": 0}
        meld_winner = None
        for meld in entry.get("melds", []):
            team = meld["team"]
            if meld_winner:
                raise Illegal
            value = 2 if meld["kind"] == "40" else 1
            if meld["kind"] == "40" and score[team] == TARGET - 2:
                value = 1
            if score[team] + value > TARGET:
                raise Illegal
            score[team] += value
            points[team] += value
            if score[team] == TARGET:
                meld_winner = team
        winner = entry["result"]["winner"]
        value = (BANDS[entry["result"]["band"]] + (winner != home)) * 2 ** entry.get("spritz", 0)
        score[winner] += value
        points[winner] += value
        round_winner = meld_winner or (winner if score[winner] >= TARGET else None)
        events = []
        if round_winner:
            loser = "B" if round_winner == "A" else "A"
            events = ["round_won", "knoddel"]
            self.knoddels[loser] += 1
            if self.knoddels[loser] == 2:
                self.knoddels = {"A": 0, "B": 0}
                self.steins[round_winner] += 1
                events.append("stein")
            self.rounds.append({"number": self.round, "winner": round_winner, "final": score})
        self.games.append(
            {
                "number": number,
                "round": self.round,
                "dealer": dealer,
                "home": home,
                "points": points,
                "score_after": score,
                "events": events,
            }
        )
        if round_winner:
            self.round += 1
            self.score = {"A": 0, "B": 0}
        else:
            self.score = score

    def accepts(self, entry: dict) -> bool:
        try:
            copy.deepcopy(self).play(entry)
        except Illegal:
            return False
        return True


def evening(
    first_games: list[dict], length: int, seed: int
) -> tuple[list[list[dict]], list[PaperPad]]:
    """Return a log and a scored pad per first game, sharing later games legal after each."""
    rng = random.Random(seed)
    pads = [PaperPad() for _ in first_games]
    logs = [[first] for first in first_games]
    for pad, first in zip(pads, first_games, strict=True):
        pad.play(first)
    for _ in range(length - 1):
        team = rng.choice("AB")
        entry = {"result": {"winner": rng.choice("AB"), "band": rng.choice(list(BANDS))}}
        entry["melds"] = rng.choice(
            [[], [{"team": team, "kind": "40"}], [{"team": team, "kind": "20"}]]
        )
        entry["spritz"] = rng.choice([0, 0, 0, 1])
        if not all(pad.accepts(entry) for pad in pads):
            entry["melds"] = []
        for pad, log in zip(pads, logs, strict=True):
            pad.play(entry)
            log.append(entry)
    return logs, pads


def observed(state):
    keys = ("number", "round", "dealer", "home", "points", "score_after", "events")
    return [{key: game[key] for key in keys} for game in state["games"]]


def test_amending_game_one_of_thirty_rescores_every_later_game(db):
    first = {"result": {"winner": "A", "band": "frei"}}
    amended_first = {"result": {"winner": "B", "band": "schwarz"}, "spritz": 1}
    (log, amended_log), (pad, amended_pad) = evening([first, amended_first], 30, seed=27)
    assert amended_log[1:] == log[1:]
    sheet, _ = store.create_sheet(db, "bauerchen", rules={"forty_rule": True})
    for entry in log:
        service.record_game(db, sheet.id, entry)
    state = store.replay(store.load_sheet(db, sheet.id))
    assert observed(state) == pad.games
    assert state["rounds"] == pad.rounds

    written = service.amend_game(db, sheet.id, 1, amended_first, expected_version=31)

    assert written.head.version == 32
    # The answer pages what the change scored again; the sheet holds all of it.
    state = store.replay(store.load_sheet(db, sheet.id))
    assert written.state["games"] == state["games"][: service.CHANGED_PAGE]
    assert written.more == service.CHANGED_PAGE + 1
    assert observed(state) == amended_pad.games
    assert state["rounds"] == amended_pad.rounds
    current = written.state["current"]
    assert (current["score"], current["knoddels"], current["steins"]) == (
        amended_pad.score,
        amended_pad.knoddels,
        amended_pad.steins,
    )
    # This evening never falls back into step: every later game stands differently, a 40
    # at ten counts 1 instead of 2 (40er-Regel), and the Steine end up shared.
    later = list(zip(pad.games[1:], amended_pad.games[1:], strict=True))
    assert all(was["score_after"] != now["score_after"] for was, now in later)
    assert any(was["points"] != now["points"] for was, now in later)
    assert pad.steins != amended_pad.steins


def test_the_stored_state_is_always_the_engines_replay_of_the_log(db):
    """Writes play on from stored standings; reading must equal replaying the whole log."""
    sheet, _ = store.create_sheet(db, "bauerchen", rules={"preset": "siegelbach"})
    entries = [
        {"result": {"winner": "A", "band": "schwarz"}, "spritz": 1},
        {"card_points": {"B": 80}, "melds": [{"team": "B", "kind": "20"}]},
        {"solo": {"team": "B", "won": True}},
        {"result": {"winner": "B", "band": "frei"}},
    ] * 3
    for entry in entries:
        service.record_game(db, sheet.id, entry)
    service.amend_game(db, sheet.id, 2, {"result": {"winner": "A", "band": "schwarz"}})
    service.delete_game(db, sheet.id, 5)
    service.delete_game(db, sheet.id, 11)
    stored = store.load_sheet(db, sheet.id)
    engine = sheet_game("bauerchen").replay(stored.rules, stored.first_dealer, stored.entries)
    assert {**store.replay(stored), "games_from": None} == {**engine.to_dict(), "games_from": None}


def test_before_game_resumes_from_the_stored_standing_for_any_game(db):
    sheet, _ = store.create_sheet(db, "bauerchen")
    entries = [{"result": {"winner": "AB"[n % 2], "band": "schneider"}} for n in range(7)]
    for entry in entries:
        service.record_game(db, sheet.id, entry)
    stored = store.load_head(db, sheet.id)
    engine = sheet_game("bauerchen")
    for number in range(1, 9):
        state = store.before_game(db, stored, number)
        expected = engine.replay(stored.rules, stored.first_dealer, entries[: number - 1])
        assert state.standing == expected.standing
        assert (state.dealer, state.home, state.decider) == (
            expected.dealer,
            expected.home,
            expected.decider,
        )
