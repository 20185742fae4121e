"""What the score sheet shows of a Bolachen evening: three players' totals, deals and the
limit; and its entry form (declarer, bid, and won or lost or the tricks)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.engine.digits import whole
from bauerblock.games.bolachen import exports as exported
from bauerblock.games.bolachen import rules as engine
from bauerblock.games.bolachen.rules.game import CONTRACTS, SUITS
from bauerblock.games.bolachen.rules.game import TRICKS as MAX_TRICKS
from bauerblock.scoresheet.forms import FormError
from bauerblock.scoresheet.games import Pad, Row, partials
from bauerblock.store import SheetHead
from bauerblock.web.bidi import bdi

MINUS = "\u2212"
"""A true minus sign (U+2212): on a pad a loss must not read as a dash."""
DEALS_PER_BLOCK = 10
"""Bolachen has no rounds: the pad folds each ten deals into one line."""
TRICKS = tuple(range(MAX_TRICKS + 1))
"""The declarer's tricks a deal may end with: none to all ten."""
# The engine's bounds and names, so the form refuses exactly what it does.
SEATS = tuple(str(seat) for seat in range(engine.SEATS))
"""The declarer: one of the three seats."""


def amounts(rules: engine.Rules) -> Callable[..., str]:
    """Return how the pad writes points, or cents as euros under the hard score: as the
    exports do, with a true minus sign."""
    return partial(exported.written, hard=rules.hard, minus=MINUS)


@dataclass(frozen=True)
class BidChoice:
    """One of the contract buttons: a bid of RANKING, its form value and what it pays."""

    value: str
    label: str
    contract: str
    trump: str | None
    won: str
    """What the declarer gets if it is made, as the pad writes it."""
    lost: str
    each: str
    """What each defender pays (or is paid): the stake."""


def bid_choices(rules: engine.Rules) -> list[BidChoice]:
    """Return every bid, highest first, with what it pays under `rules`."""
    amount = amounts(rules)
    choices = []
    for bid in engine.RANKING:
        contract = bid.contract.value
        trump = bid.trump.value if bid.trump else None
        entry = {"declarer": 0, "contract": contract, "won": True}
        if trump:
            entry["trump"] = trump
        outcome = engine.score(engine.parse_game(entry, rules), rules)
        win = outcome.points[0]
        choices.append(
            BidChoice(
                value=bid_value(contract, trump),
                label=bid.label,
                contract=contract,
                trump=trump,
                won=amount(win, signed=True),
                lost=amount(-win, signed=True),
                each=amount(outcome.stake),
            )
        )
    return choices


@dataclass(frozen=True)
class Situation:
    """Where the evening stands before deal `number`: what the entry form needs."""

    number: int
    dealer: int
    forehand: int
    limit_reached: bool
    bids: list[BidChoice]


def situation(sheet: SheetHead, number: int) -> Situation:
    """Return the situation before deal `number` (1 for the first, len + 1 for the next)."""
    state = store.before_game(store.get_db(), sheet, number)
    return Situation(
        number=number,
        dealer=state.dealer,
        forehand=state.forehand,
        limit_reached=state.limit_reached,
        bids=bid_choices(_rules(sheet)),
    )


def pad_rows(sheet: SheetHead, state: Mapping[str, Any]) -> list[Row]:
    """Return the deals in order, with a line under the deal that reached the limit."""
    rows = []
    rules = _rules(sheet)
    for game in state["games"]:
        words = exported.entry_words(game["entry"], sheet.players, game["won"], unseen)
        rows.append(Row("game", game=game, text=Markup(", ").join(words)))
        if "limit_reached" in game["events"]:
            line = exported.limit_line(game, sheet.players, rules.limit, amounts(rules))
            rows.append(Row("round", game=game, text=line))
    return rows


def describe(entry: Mapping[str, Any], players: Sequence[str]) -> Markup:
    """Return a deal in its row's words, a name in its <bdi>: Hans: Brand Herz, gewonnen."""
    return Markup(", ").join(exported.entry_words(entry, players, who=named))


def confirm(entry: Mapping[str, Any], game: Mapping[str, Any], players: Sequence[str]) -> Markup:
    """Return a deal just recorded as its confirmation names it: its row's words, won or
    lost as the replay says (a deal by tricks names none itself): Karl: Bettel, 0 Stiche,
    gewonnen."""
    return Markup(", ").join(exported.entry_words(entry, players, game["won"], named))


def named(name: str) -> Markup:
    """Return the declarer as a deal's words on a page name him: <bdi>Hans</bdi>: ."""
    return Markup(exported.declared(bdi(name)))


def unseen(name: str) -> Markup:
    """Return the declarer as a pad's row names him: for screen readers alone (the row
    marks his column)."""
    return Markup('<span class="visually-hidden">%s</span>') % named(name)


def bid_value(contract: str, trump: str | None) -> str:
    """Return a bid as the entry form sends it: mord, bettel, brand:herz."""
    return f"{contract}:{trump}" if trump else contract


def read_entry(form: MultiDict[str, str]) -> dict[str, Any]:
    """Return declarer and bid, and won or lost (the button pressed) or the tricks chosen."""
    declarer = form.get("declarer", "")
    if declarer not in SEATS:
        raise FormError("declarer", _("Wähle, wer gespielt hat."))
    contract, _sep, trump = form.get("bid", "").partition(":")
    if contract not in CONTRACTS or (trump not in SUITS if contract == "brand" else trump):
        raise FormError("bid", _("Wähle das Spiel: Mord, Bettel oder ein Brand mit Trumpf."))
    entry: dict[str, Any] = {"declarer": int(declarer), "contract": contract}
    if trump:
        entry["trump"] = trump
    won = form.get("won", "")
    if won in ("1", "0"):
        entry["won"] = won == "1"
        return entry
    tricks = whole(form.get("tricks", ""))
    if tricks is None or tricks > MAX_TRICKS:
        raise FormError(
            "tricks",
            _("Wähle die Stiche des Spielers (0 bis 10) – oder tippe Gewonnen oder Verloren."),
        )
    entry["tricks"] = tricks
    return entry


def refused_field(form: Mapping[str, str]) -> str:
    """Return the field an engine refusal of the posted deal belongs beside."""
    return "won" if form.get("won") else "tricks"


def entry_values(entry: Mapping[str, Any]) -> MultiDict[str, str]:
    """Return the form values that show a stored deal in the entry form (for amending)."""
    values: MultiDict[str, str] = MultiDict()
    values["declarer"] = str(entry.get("declarer", ""))
    values["bid"] = bid_value(str(entry.get("contract", "")), entry.get("trump"))
    if entry.get("tricks") is not None:
        values["tricks"] = str(entry["tricks"])
    return values


def _rules(sheet: SheetHead) -> engine.Rules:
    """Return a Bolachen sheet's rules (a SheetHead holds any game's)."""
    return cast(engine.Rules, sheet.rules)


PAD = Pad(
    game="bolachen",
    says_its_end=True,
    situation=situation,
    rows=pad_rows,
    describe=describe,
    confirm=confirm,
    extras=lambda sheet, where: {
        # `amount` under the sheet's rules, for the templates.
        "amount": amounts(_rules(sheet)),
        "tricks": TRICKS,
        "said": exported.said,
    },
    read=read_entry,
    refused_field=refused_field,
    values=entry_values,
    kept_when_stale=("declarer", "bid", "tricks"),
    block_size=DEALS_PER_BLOCK,
    **partials("bolachen"),
)
