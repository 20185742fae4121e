"""A sheet's statistics from the store: kept per version, folded on after an appended game."""

import pytest

from bauerblock import store
from bauerblock.api.stats import stats_json
from bauerblock.engine.stats import evening_stats
from bauerblock.services import sheets as service

GAMES = [
    {"result": {"winner": "A", "band": "frei"}},
    {"solo": {"team": "B", "won": True, "player": 1}},
    {"card_points": {"A": 100}, "spritz": 1},
    {"result": {"winner": "B", "band": "schwarz"}},
]


def folded(db, sheet_id):
    """Return the statistics folded afresh from every stored game."""
    sheet = store.load_sheet(db, sheet_id)
    return evening_stats(sheet.game, sheet.rules, sheet.games)


@pytest.fixture
def sheet_id(db, created):
    sheet, _ = created
    for entry in GAMES:
        service.record_game(db, sheet.id, entry)
    return sheet.id


def test_the_statistics_are_those_of_the_stored_games(db, sheet_id):
    head, stats = store.sheet_stats(db, sheet_id)
    assert head.version == 1 + len(GAMES)
    assert stats == folded(db, sheet_id)
    assert stats.players[1].solos_won == 1


def test_an_unknown_sheet_has_none(db):
    assert store.sheet_stats(db, "nothing") is None
    assert stats_json(db, "nothing") is None


def test_a_version_is_folded_once(db, sheet_id, monkeypatch):
    first = store.sheet_stats(db, sheet_id)[1]
    monkeypatch.setattr(store.stats, "evening_stats", pytest.fail)
    assert store.sheet_stats(db, sheet_id)[1] is first


def test_an_appended_game_is_folded_onto_the_version_before(db, sheet_id, monkeypatch):
    store.sheet_stats(db, sheet_id)
    service.record_game(db, sheet_id, {"result": {"winner": "A", "band": "schneider"}})
    folds = []
    real = store.stats.evening_stats

    def counting(game, rules, records, before=None):
        records = list(records)
        folds.append((len(records), before is not None))
        return real(game, rules, records, before)

    monkeypatch.setattr(store.stats, "evening_stats", counting)
    _, stats = store.sheet_stats(db, sheet_id)
    assert folds == [(1, True)]
    assert stats == folded(db, sheet_id)
    assert stats.games == len(GAMES) + 1


@pytest.mark.parametrize("change", ["amend", "delete"])
def test_a_changed_game_folds_the_evening_again(db, sheet_id, change):
    store.sheet_stats(db, sheet_id)
    if change == "amend":
        service.amend_game(db, sheet_id, 2, {"solo": {"team": "A", "won": True, "player": 0}})
    else:
        service.delete_game(db, sheet_id, 2)
    _, stats = store.sheet_stats(db, sheet_id)
    assert stats == folded(db, sheet_id)
    assert stats.players[1].solos == 0


def test_the_json_names_the_players(db, sheet_id):
    head, text = stats_json(db, sheet_id)
    assert '"name":"Grete"' in text
    assert f'"version":{head.version}' in text
