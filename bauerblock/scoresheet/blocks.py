"""The pad of a long evening: the current round game by game, each earlier round one line.

A block is what the pad folds into one line once it is over: a round of Bauerchen, a board
of Bauerschspiel (closed by the game that ends it, as the store marks it), ten deals of
Bolachen (which has no rounds). The page shows the current block's games and the lines of
the last few blocks; a line opens into its games on demand, and older lines page back.
Every read here is a range of games or a few closing games: none reads the whole evening.
"""

from __future__ import annotations

from dataclasses import dataclass

from bauerblock import store
from bauerblock.scoresheet.games import Pad, Row
from bauerblock.store import SheetHead, StoredGame

LINES_SHOWN = 10
"""Earlier blocks shown as lines; the ones before them open page by page."""


@dataclass(frozen=True)
class Block:
    """A finished block, shown as one line: its games `first` to `last`."""

    number: int
    first: int
    last: int
    end: StoredGame
    """The game that closed it."""
    rows: list[Row]
    """The lines the pad draws under its last game (the round's winner, Knoddel, Stein)."""


@dataclass(frozen=True)
class Lines:
    """Lines of finished blocks, oldest first, and where the ones before them start."""

    blocks: list[Block]
    before: int | None
    """The first game of the oldest line shown, if older blocks exist (they open from it)."""


def current_first(sheet: SheetHead, pad: Pad) -> int:
    """Return the first game of the current block (past the last game: it has none yet)."""
    if pad.block_size:
        return sheet.played // pad.block_size * pad.block_size + 1
    closing = store.closing_games(store.get_db(), sheet, before=sheet.played + 1, count=1)
    return closing[0].number + 1 if closing else 1


def lines(sheet: SheetHead, pad: Pad, before: int) -> Lines:
    """Return the lines of the last LINES_SHOWN blocks ending before game `before`."""
    if before <= 1:
        return Lines([], None)  # no game before the first: nothing to read
    db = store.get_db()
    size = pad.block_size
    if size:
        latest = (before - 1) // size * size
        ends = list(range(latest, max(0, latest - LINES_SHOWN * size), -size))
        games = store.games_numbered(db, sheet, ends[::-1]) if ends else []
        blocks = [_block(sheet, pad, g.number // size, g.number - size + 1, g) for g in games]
        older = latest - LINES_SHOWN * size > 0
    else:
        closing = store.closing_games(db, sheet, before=before, count=LINES_SHOWN + 1)
        older = len(closing) > LINES_SHOWN
        blocks = []
        for index, game in enumerate(closing[:LINES_SHOWN]):
            previous = closing[index + 1].number if index + 1 < len(closing) else 0
            blocks.append(_block(sheet, pad, game.game["round"], previous + 1, game))
        blocks.reverse()
    return Lines(blocks, blocks[0].first if older and blocks else None)


def games_of(sheet: SheetHead, pad: Pad, number: int) -> list[StoredGame] | None:
    """Return the games of finished block `number` in order (None: no such block)."""
    db = store.get_db()
    size = pad.block_size
    if size:
        first, last = (number - 1) * size + 1, number * size
        if number < 1 or last > sheet.played:
            return None
        return store.games_between(db, sheet, first, last)
    end = store.closing_game(db, sheet, number)
    if end is None:
        return None
    previous = store.closing_game(db, sheet, number - 1)
    return store.games_between(db, sheet, previous.number + 1 if previous else 1, end.number)


def block_of(pad: Pad, game: StoredGame) -> int:
    """Return the number of the block game `game` belongs to."""
    if pad.block_size:
        return (game.number - 1) // pad.block_size + 1
    return game.game["round"]


def closes(pad: Pad, game: StoredGame) -> bool:
    """Tell whether `game` is the last of its block (it folds the block into a line)."""
    if pad.block_size:
        return game.number % pad.block_size == 0
    return bool(game.closed)


def rows_of(sheet: SheetHead, pad: Pad, games: list[StoredGame]) -> list[Row]:
    """Return the pad's rows of `games`: each game, and the line under a game closing a round."""
    state = {"games": [g.game for g in games], "rounds": [r for g in games for r in g.closed]}
    return pad.rows(sheet, state)


def _block(sheet: SheetHead, pad: Pad, number: int, first: int, end: StoredGame) -> Block:
    ends = [row for row in rows_of(sheet, pad, [end]) if row.kind != "game"]
    return Block(number, first, end.number, end, ends)
