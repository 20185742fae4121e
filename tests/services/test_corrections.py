"""Correct a closed table: the organiser's write is taken where the phone's is refused,
kept once in the tournament's corrections, and answered again for a retry."""

import pytest

from bauerblock import store
from bauerblock.services import corrections
from bauerblock.services import sheets as service
from bauerblock.services import tournaments as tournament_service
from bauerblock.store import tournaments
from bauerblock.store.errors import SheetClosed

NAMES = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna"]
WIN_A = {"result": {"winner": "A", "band": "schwarz"}}
WIN_B = {"result": {"winner": "B", "band": "schwarz"}}


@pytest.fixture
def closed(db):
    """Return a Preisbauer whose first draw is ended (its tables closed) and one table."""
    made = tournament_service.create_tournament(
        db, players=NAMES, format={"draws": 2, "rounds_per_draw": 1}
    )
    tournament_service.draw(db, made.stored.id, made.token)
    sheet_id = tournaments.load_tournament(db, made.stored.id).tables[(1, 1)].sheet_id
    service.record_game(db, sheet_id, WIN_A)
    tournament_service.end_draw(db, made.stored.id, 1)
    return made.stored.id, sheet_id


def test_a_closed_table_takes_the_organisers_correction_and_keeps_it(db, closed):
    tournament_id, sheet_id = closed
    with pytest.raises(SheetClosed):
        service.amend_game(db, sheet_id, 1, WIN_B)
    corrected = corrections.correct(
        db, sheet_id, service.Amend(1, WIN_B), service.Asked(idempotency_key="k" * 16)
    )
    assert isinstance(corrected.written, service.Changed)
    assert corrected.written.number == 1 and not corrected.written.replayed
    assert store.entry_of(db, sheet_id, 1) == WIN_B
    # A Preisbauer's draws follow who sat with whom, never the results: nothing re-seated.
    assert corrected.moved == ()
    kept = tournaments.load_tournament(db, tournament_id).corrections
    assert [(c.draw, c.table, c.game, c.action) for c in kept] == [(1, 1, 1, "amend")]


def test_a_retried_correction_answers_the_first_and_keeps_nothing_more(db, closed):
    tournament_id, sheet_id = closed
    change = service.Record(WIN_B)
    first = corrections.correct(db, sheet_id, change, service.Asked(idempotency_key="k" * 16))
    version = store.load_head(db, sheet_id).version
    again = corrections.correct(db, sheet_id, change, service.Asked(idempotency_key="k" * 16))
    assert again.written.replayed and again.written.number == first.written.number == 2
    assert again.written.sheet == first.written.sheet and again.moved == ()
    assert store.load_head(db, sheet_id).version == version
    assert len(tournaments.load_tournament(db, tournament_id).corrections) == 1


def test_a_stale_correction_is_refused_and_keeps_nothing(db, closed):
    tournament_id, sheet_id = closed
    version = store.load_head(db, sheet_id).version
    with pytest.raises(store.StaleVersion):
        corrections.correct(
            db, sheet_id, service.Delete(1), service.Asked(expected_version=version - 1)
        )
    assert store.load_head(db, sheet_id).played == 1
    assert tournaments.load_tournament(db, tournament_id).corrections == ()
