"""Fixtures of the tournament page tests: a tournament made through its form, its state."""

import flask
import pytest

from bauerblock import store
from bauerblock.store import tournaments
from bauerblock.web import rights
from tests.pages import created, csrf
from tests.told import told

NAMES = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna"]


@pytest.fixture
def new_tournament(client):
    """Create a tournament through the form; return its id (this client is its organiser)."""

    def make(players=NAMES, **extra) -> str:
        data = {"csrf_token": csrf(client), "title": "Preisbauer Zur Linde", "preset": "lautern"}
        data["players"] = "\n".join(players)
        data.update(extra)
        return created(client, "/t", data, r"/t/([^/]+)/organiser")

    return make


@pytest.fixture
def state(app):
    """Return a tournament's state as the API documents it (with the tables' tokens)."""

    def read(tournament_id: str, token: str | None = None) -> dict:
        with app.app_context():
            stored = tournaments.load_tournament(store.get_db(), tournament_id)
            return told(stored, token)

    return read


@pytest.fixture
def organiser_token(app, client):
    """Return the organiser token this client's phone holds for a tournament (its cookie
    names the phone; the right, its token sealed, is in the store)."""

    def token(tournament_id: str) -> str:
        with client.session_transaction() as session:
            device = session["device"]
        with app.test_request_context():
            flask.session[rights.DEVICE] = device
            held = rights.ORGANISER.held(rights.Lock(tournament_id))
        assert held is not None
        return held

    return token
