"""A series page costs at game 1,000 of its tournaments what it costs at game 50: the
Rangliste is kept per version of the series (a running tournament is not read for it, a
finished one once per its version), so the work a page asks of the database (SQLite's
virtual machine steps, counted by its progress handler) does not grow with the games. A
player seated in a running tournament is shown where they sit from the current draw's rows
alone, and their partners from the finished tournaments (kept per version): their page is
flat too, where the tournament's own seat page (points and place so far) reads its rounds."""

import re

import pytest

from bauerblock import store
from bauerblock.engine.errors import RuleError
from bauerblock.series import service
from bauerblock.services import sheets
from bauerblock.services import tournaments as tournament_service
from bauerblock.store import tournaments
from bauerblock.store.errors import SheetClosed
from tests.series.season import play_all
from tests.statements import reads, traced

PLAIN = {"result": {"winner": "A", "band": "frei"}}
STEPS = 10
"""The progress handler's beat: one count every 10 virtual machine steps."""


@pytest.fixture
def season(app):
    """A series with a finished Preisbauer and a running one whose tables play on."""
    with app.app_context():
        db = store.get_db()
        made = service.create_series(db, name="Cup", season="2027")
        sid, token = made.series.id, made.token
        for n in range(1, 13):
            service.add_player(db, sid, token, f"Spieler Nummer {n}")
        first = service.create_tournament(
            db, sid, token, players=list(range(1, 9)), format={"draws": 1, "rounds_per_draw": 1}
        )
        play_all(db, first.tournament.id, first.token)
        running = service.create_tournament(
            db,
            sid,
            token,
            players=list(range(5, 13)),
            format={"draws": 30, "rounds_per_draw": 9},
        )
        return sid, running.tournament.id, running.token


class Tables:
    """The running tournament's tables, played game by game (the next draw once a draw's
    tables are done), counting the games recorded."""

    def __init__(self, app, tournament_id: str, token: str) -> None:
        self.app, self.id, self.token = app, tournament_id, token
        self.games = 0
        self.open: list[str] = []

    def play_to(self, games: int) -> None:
        with self.app.app_context():
            db = store.get_db()
            while self.games < games:
                if not self.open:
                    number = tournament_service.draw(db, self.id, self.token).number
                    stored = tournaments.load_tournament(db, self.id)
                    self.open = [
                        row.sheet_id for (d, _), row in sorted(stored.tables.items()) if d == number
                    ]
                try:
                    sheets.record_game(db, self.open[0], PLAIN)
                    self.games += 1
                except (RuleError, SheetClosed):
                    self.open.pop(0)


def work(app, client, path: str) -> int:
    """Return the database work of one GET of `path` (progress handler beats)."""
    with app.app_context():
        conn = store.get_db().conn
    beats = [0]

    def beat() -> int:
        beats[0] += 1
        return 0

    conn.set_progress_handler(beat, STEPS)
    try:
        assert client.get(path).status_code == 200
    finally:
        conn.set_progress_handler(None, STEPS)
    return beats[0]


def test_a_series_page_costs_at_game_1000_what_it_costs_at_game_50(app, client, season):
    series_id, tournament_id, token = season
    # Player 1 played the finished tournament, player 5 both (and sits at a table now);
    # beside them, the tournament's own seat view of player 1 there (series player 5).
    pages = [f"/r/{series_id}", f"/r/{series_id}/board", f"/r/{series_id}/players/1"]
    pages.append(f"/r/{series_id}/players/5")
    pages.append(f"/t/{tournament_id}/players/1")
    for page in pages:  # the first request's own set-up (templates, the app) out of the count
        work(app, client, page)
    costs = {}
    tables = Tables(app, tournament_id, token)
    for games in (50, 1000):
        tables.play_to(games)
        costs[games] = [work(app, client, page) for page in pages]
    # The Rangliste's pages, a player's page between tournaments and a seated player's: flat.
    assert costs[1000][:4] == pytest.approx(costs[50][:4], rel=0.1, abs=3), costs
    # The tournament's own seat view reads its rounds (docs/performance.md): it grows, and the
    # measure would see the seated player's page grow with it.
    assert costs[1000][4] > costs[50][4] * 1.5, costs


def test_a_seated_players_page_reads_the_current_draw_and_no_game(app, client, season):
    series_id, tournament_id, token = season
    page = f"/r/{series_id}/players/5"
    client.get(page)  # the finished tournament's ranking and partners, kept per its version
    tables = Tables(app, tournament_id, token)
    seen = {}
    for games in (50, 1000):
        tables.play_to(games)
        answer, statements = traced(app, lambda: client.get(page))
        assert answer.status_code == 200
        assert 'class="seat-table"' in answer.get_data(as_text=True)
        # The statements as written: the values bound in them (the draw's number) apart.
        seen[games] = [re.sub(r"\b\d+\b", "?", sql) for sql in reads(statements)]
    # The same reads at game 1,000 as at game 50, and none of them reads a game.
    assert seen[1000] == seen[50]
    assert [sql for sql in seen[1000] if "entries" in sql] == []
