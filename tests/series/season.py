"""Helpers of the series' tests: play a series tournament's draws out at the store."""

from bauerblock import store
from bauerblock.engine.errors import RuleError
from bauerblock.series import service
from bauerblock.services import sheets
from bauerblock.services import tournaments as tournament_service
from bauerblock.store import tournaments
from bauerblock.store.errors import SheetClosed

WIN_A = {"result": {"winner": "A", "band": "schwarz"}}
WIN_B = {"result": {"winner": "B", "band": "schwarz"}}


def play_out(db, sheet_id, entry=WIN_A):
    """Record games at a table until it has played its rounds."""
    while True:
        try:
            sheets.record_game(db, sheet_id, entry)
        except (RuleError, SheetClosed):
            return store.load_head(db, sheet_id).played


def play_draw(db, tournament_id, token, entry=WIN_A):
    """Draw the next draw and play every table of it out; return its tables' sheet ids."""
    number = tournament_service.draw(db, tournament_id, token).number
    stored = tournaments.load_tournament(db, tournament_id)
    ids = [row.sheet_id for (drawn, _), row in sorted(stored.tables.items()) if drawn == number]
    for sheet_id in ids:
        play_out(db, sheet_id, entry)
    return ids


def play_all(db, tournament_id, token, entry=WIN_A):
    """Play draws until the tournament is finished; return every table's sheet id."""
    ids = []
    while not tournaments.load_tournament(db, tournament_id).finished:
        ids += play_draw(db, tournament_id, token, entry)
    return ids


class NoFiles:
    """The kept exports of a test without an app: none; remembers what a forget dropped."""

    def __init__(self):
        self.dropped = []

    def drop(self, ids):
        self.dropped += list(ids)
        return 0


def one_of_each(db, name, partner, *, draws=1, keyed=False):
    """Return a series whose player 1 (`name`) entered a Preisbauer of `draws` draws (its
    first played) and a Paarturnier beside `partner` (its first draw played), its made
    tournaments and their played tables' sheet ids; `keyed`: every write with a key (its
    kept answers hold what the writes answered)."""

    def key(what):
        return {"idempotency_key": f"one-of-each-{what}"} if keyed else {}

    new = service.create_series(db, name="Cup", **key("series"))
    sid = new.series.id
    service.add_player(db, sid, new.token, name, **key("player"))
    solo = service.create_tournament(
        db,
        sid,
        new.token,
        players=[1, "Anna", "Bert", "Carl"],
        format={"draws": draws, "rounds_per_draw": 1},
        **key("solo"),
    )
    tables = play_draw(db, solo.tournament.id, solo.token)
    pairs = service.create_tournament(
        db,
        sid,
        new.token,
        pairs=[[1, partner], ["Dora", "Emil"], ["Frida", "Gerd"], ["Hans", "Ida"]],
        format={"kind": "pairs", "rounds_to_win": 1},
        **key("pairs"),
    )
    tables += play_draw(db, pairs.tournament.id, pairs.token)
    return new, solo, pairs, tables
