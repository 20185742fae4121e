"""What the score sheet's pad shows of every game: `PADS`, each game folder's `pad.PAD` (a
`Pad`: the score sheet's views are shared, what differs per game is its Pad), and the line of
a pad every game draws.

A game's pad says where the sheet stands before a game (what its entry form needs), how its
games are listed, how an entry is put in words, how its entry form is read (and an entry
shown in it again), and which partials draw its header, its entry controls, its table and
its summary for the print view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict

from bauerblock.engine.plugins import Parts
from bauerblock.store import SheetHead


@dataclass
class Row:
    """One line of the pad: a game, or the line under a finished round; `text` is its words
    (a round's line is the exports' closing of its game)."""

    kind: str
    game: Mapping[str, Any] | None = None
    text: str = ""


@dataclass(frozen=True)
class Preview:
    """What a game's entry form previews as it is typed (Bauerchen's card points): `read`
    gives the entry the form would record (None while it is incomplete, a FormError naming
    what is wrong), `score` what it would score at the situation, `partial` draws it."""

    read: Callable[[MultiDict[str, str]], dict[str, Any] | None]
    score: Callable[[SheetHead, Any, dict[str, Any]], Any]
    partial: str


@dataclass(frozen=True)
class Pad:
    """How the score sheet shows one game."""

    game: str
    situation: Callable[[SheetHead, int], Any]
    """Where the sheet stands before game `number`: what the entry form needs."""
    rows: Callable[[SheetHead, Mapping[str, Any]], list[Row]]
    describe: Callable[[Mapping[str, Any], Sequence[str]], str]
    header: str
    entry: str
    table: str
    words: str
    """The words its script needs, as data attributes of the outbox's banner."""
    rows_partial: str
    """The macros drawing its rows: a game (or the line under a round) and a block's line."""
    summary: str
    read: Callable[[MultiDict[str, str]], dict[str, Any]]
    """The game entry of its entry form, or a FormError naming the field."""
    refused_field: Callable[[Mapping[str, str]], str]
    """The field an engine refusal of the posted entry belongs beside."""
    extras: Callable[[SheetHead, Any], dict[str, Any]] = lambda sheet, where: {}
    """More for the templates, from the sheet and the situation (none by default)."""
    values: Callable[[Mapping[str, Any]], MultiDict[str, str]] = lambda entry: MultiDict()
    """The form values that show a stored entry in the entry form (for amending); none by
    default: an entry form of buttons alone presets nothing."""
    kept_when_stale: tuple[str, ...] = ()
    """The fields (by prefix) a form keeps when its write is refused as stale: what was
    chosen before the tap that records, which must be tapped again on the new state."""
    kept_on_amend: tuple[str, ...] = ()
    """The fields of a stored entry an amendment keeps unless its form gives them: what
    the form does not ask again (Bauerchen's home, announced before the game)."""
    block_size: int | None = None
    """Games folded into one line of the pad; None: a round (or board) is one line."""
    confirm: Callable[[Mapping[str, Any], Mapping[str, Any], Sequence[str]], str] | None = None
    """The words a recorded game's confirmation names it by, from its entry, the game as
    replayed and the players ("B Schneider +3"); None: its row's words (`describe`)."""
    says_its_end: bool = False
    """Whether its entry partial itself says that the sheet takes no more games (Bolachen's
    limit, with the form kept closed); else a finished sheet shows the table's end."""
    preview: Preview | None = None
    """What its entry form previews as it is typed; None: nothing (the route answers 404)."""
    refused_beside: Mapping[str, str] = field(default_factory=dict)
    """The field a refusal belongs beside by its code, where not the posted entry's
    (`refused_field`): Bauerchen's melds."""

    def recorded(
        self, entry: Mapping[str, Any], game: Mapping[str, Any], players: Sequence[str]
    ) -> str:
        """Return what a game just recorded is called in its confirmation."""
        if self.confirm is not None:
            return self.confirm(entry, game, players)
        return self.describe(entry, players)

    def context(self, sheet: SheetHead, number: int) -> dict[str, Any]:
        """Return the situation before game `number` and the game's extras for the templates."""
        where = self.situation(sheet, number)
        return {"pad": self, "where": where, **self.extras(sheet, where)}


def partials(game: str) -> dict[str, Any]:
    """Return the names of a game's partials: scoresheet/_<part>_<game>.html."""
    parts = {
        part: f"scoresheet/_{part}_{game}.html" for part in ("header", "entry", "table", "words")
    }
    return {
        **parts,
        "rows_partial": f"scoresheet/_rows_{game}.html",
        "summary": f"scoresheet/_summary_{game}.html",
    }


PADS: Mapping[str, Pad] = Parts("pad", "PAD")
"""Every game a sheet can keep (engine.games.GAMES) has its pad."""
