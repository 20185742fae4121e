"""How often a tournament page reads the tournament from the store: a page once, a step
only in its own transaction (the page adds no read to the step's), a refused step once
more to show the organiser's page again."""

import pytest

from bauerblock import store
from bauerblock.services import tournaments as service
from bauerblock.store.tournaments import rows
from tests.pages import csrf
from tests.tournament.conftest import NAMES


@pytest.fixture
def reads(monkeypatch):
    """Count every read of a tournament from its rows (every kind reads the rows they share
    once a read: `rows.stored_fields`)."""
    counted = []
    stored_fields = rows.stored_fields

    def counting(db, row, *more):
        counted.append(row["id"])
        return stored_fields(db, row, *more)

    monkeypatch.setattr(rows, "stored_fields", counting)
    return counted


def step_reads(app, reads, step) -> int:
    """Return how many reads the service's step alone takes."""
    reads.clear()
    with app.app_context():
        step(store.get_db())
    return len(reads)


def test_a_page_reads_the_tournament_once(client, new_tournament, reads):
    tournament_id = new_tournament()
    client.post(f"/t/{tournament_id}/draws", data={"csrf_token": csrf(client)})
    for page in ("", "/organiser", "/results", "/draws/1/cards", "/draws/1/end"):
        reads.clear()
        assert client.get(f"/t/{tournament_id}{page}").status_code == 200
        assert reads == [tournament_id], page


def test_a_draw_from_the_page_reads_no_more_than_its_step(
    app, client, new_tournament, organiser_token, reads
):
    first, second = new_tournament(), new_tournament()
    token = organiser_token(first)
    alone = step_reads(app, reads, lambda db: service.draw(db, first, token))
    reads.clear()
    response = client.post(f"/t/{second}/draws", data={"csrf_token": csrf(client)})
    assert response.status_code == 303
    assert len(reads) == alone and set(reads) == {second}


def test_entries_end_redo_withdraw_and_reinstate_read_no_more_than_their_steps(
    app, client, new_tournament, organiser_token, reads
):
    # The same steps on two tournaments alike: on one through the pages, on the other by
    # the service alone.
    paged, alone = new_tournament(), new_tournament()
    token = organiser_token(alone)
    for tournament_id in (paged, alone):
        client.post(f"/t/{tournament_id}/draws", data={"csrf_token": csrf(client)})
    steps = [
        ("/players", lambda db: service.enter(db, alone, ["Zoe"])),
        ("/draws/1/redo", lambda db: service.redraw(db, alone, 1, token)),
        ("/players/3/withdraw", lambda db: service.withdraw(db, alone, 3)),
        ("/players/3/reinstate", lambda db: service.reinstate(db, alone, 3)),
        ("/draws/1/end", lambda db: service.end_draw(db, alone, 1)),
    ]
    for path, step in steps:
        reads.clear()
        data = {"csrf_token": csrf(client), "names": "Zoe"}
        response = client.post(f"/t/{paged}{path}", data=data)
        assert response.status_code == 303, path
        assert set(reads) == {paged}, path
        assert len(reads) == step_reads(app, reads, step), path


def test_a_refused_draw_reads_once_more_to_show_the_organiser_page(
    app, client, new_tournament, reads
):
    tournament_id = new_tournament(NAMES[:3])  # too few players to draw
    reads.clear()
    response = client.post(f"/t/{tournament_id}/draws", data={"csrf_token": csrf(client)})
    assert response.status_code == 422
    assert 'role="alert"' in response.text
    assert len(reads) == 2  # the refused step's, then the page's


@pytest.mark.parametrize(
    ("names", "status", "read"),
    [
        ("", 422, 1),  # refused as typed: read to show the page
        ("Zoe\nzoe", 422, 1),
        ("Zoe\nHans\nhans", 409, 1),
        ("Zoe\nHans", 409, 2),  # refused by the step: read by it, then to show the page
    ],
)
def test_a_refused_list_of_names_reads_the_tournament_once_to_show_it(
    client, new_tournament, reads, names, status, read
):
    tournament_id = new_tournament()
    reads.clear()
    data = {"csrf_token": csrf(client), "names": names}
    response = client.post(f"/t/{tournament_id}/players", data=data)
    assert response.status_code == status
    assert 'id="names-error"' in response.text
    assert len(reads) == read
