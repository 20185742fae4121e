"""Reading the score sheet's forms: a new sheet's settings and a game entry.

Forms arrive as plain HTML form posts (with or without htmx); what they cannot express is
refused here with a message for the field that caused it, before the store sees it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from bauerblock.engine.bauerchen.game import MAX_SPRITZ, Band, MeldKind
from bauerblock.engine.bolachen.game import TRICKS as MAX_TRICKS
from bauerblock.engine.bolachen.game import Contract, Suit
from bauerblock.engine.digits import whole
from bauerblock.engine.teams import TEAMS, Team

# The engine's and the store's bounds and names, so the form refuses exactly what they do.
BANDS = tuple(Band)
MELD_KINDS = tuple(MeldKind)
SPRITZ_CHOICES = (0, 1, 2, 3, 4)

SEATS = ("0", "1", "2")
"""Bolachen's declarer: one of the three seats."""
SOLOIST_SEATS = ("0", "1", "2", "3")
"""Who played a Kart'ab: one of Bauerchen's four seats."""
SUITS = tuple(Suit)
CONTRACTS = tuple(Contract)


class FormError(ValueError):
    """Refuse a form value, naming the field to show the message beside."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def read_key(form: Mapping[str, str]) -> str | None:
    """Return the form's idempotency key (None: it sends none); the store checks it."""
    # A key unlike the pad's is refused by the store (store.errors.BadKey): a broken form.
    return form.get("key") or None


def read_version(form: Mapping[str, str]) -> int | None:
    """Return the sheet version the form was rendered from, if it names one."""
    return whole(form.get("version", ""))


def read_entry(form: MultiDict[str, str], game: str) -> dict[str, Any]:
    """Return the game entry of a sheet's entry form, or refuse it naming the field."""
    return ENTRY_READERS[game](form)


def submitted_field(form: Mapping[str, str], game: str) -> str:
    """Return the field an engine refusal of the posted entry belongs beside."""
    if game == "bauerschspiel":
        return "winner"
    if game == "bolachen":
        return "won" if form.get("won") else "tricks"
    for name in ("result", "solo"):
        if form.get(name):
            return name
    return "cards"


def _bauerchen_entry(form: MultiDict[str, str]) -> dict[str, Any]:
    """Return what the pressed button says (a result, a Kart'ab or card points), plus modifiers."""
    spritz = _spritz(form)
    melds = [
        {"team": team, "kind": kind}
        for team in TEAMS
        for kind in form.getlist(f"melds_{team}")
        if kind in MELD_KINDS
    ]
    entry: dict[str, Any]
    if form.get("result"):
        winner, _sep, band = form["result"].partition(":")
        if winner not in TEAMS or band not in BANDS:
            raise FormError("result", _("Unbekanntes Ergebnis."))
        entry = {"result": {"winner": winner, "band": band}}
    elif form.get("solo"):
        team, _sep, outcome = form["solo"].partition(":")
        if team not in TEAMS or outcome not in ("won", "lost"):
            raise FormError("solo", _("Unbekannter Kart'ab."))
        # A solo scores alone: modifiers left set are the table's slip, not part of it.
        return {"solo": {"team": team, "won": outcome == "won", **_soloist(form, team)}}
    else:
        entry = {"card_points": {_cp_team(form): _card_points(form)}}
    if melds:
        entry["melds"] = melds
    if spritz:
        entry["spritz"] = spritz
    return entry


def _soloist(form: Mapping[str, str], team: str) -> dict[str, int]:
    """Return the Kart'ab's player if the form names one (never required), as the entry's."""
    seat = form.get("soloist", "")
    if not seat:
        return {}
    if seat not in SOLOIST_SEATS:
        raise FormError("solo", _("Wähle, wer allein gespielt hat – oder „egal“."))
    if Team.of_seat(int(seat)) is not Team(team):
        raise FormError(
            "solo",
            _(
                "Wer allein gespielt hat, gehört zu Team %(t)s: tippe „Kart'ab %(t)s …“ "
                "oder wähle „egal“.",
                t=Team.of_seat(int(seat)),
            ),
        )
    return {"player": int(seat)}


def read_preview(form: MultiDict[str, str]) -> dict[str, Any] | None:
    """Return the card-point entry the form would record, or None while it is incomplete."""
    if not form.get("cp", "").strip():
        return None
    return _bauerchen_entry(MultiDict([(k, v) for k, v in form.items(multi=True) if k != "result"]))


def _bauerschspiel_entry(form: MultiDict[str, str]) -> dict[str, Any]:
    """Return the team whose button was pressed: exactly what a Bauerschspiel enters."""
    winner = form.get("winner", "")
    if winner not in TEAMS:
        raise FormError("winner", _("Tippe, welche Partei gewonnen hat."))
    return {"winner": winner}


def bid_value(contract: str, trump: str | None) -> str:
    """Return a Bolachen bid as the entry form sends it: mord, bettel, brand:herz."""
    return f"{contract}:{trump}" if trump else contract


def _bolachen_entry(form: MultiDict[str, str]) -> dict[str, Any]:
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


ENTRY_READERS: dict[str, Callable[[MultiDict[str, str]], dict[str, Any]]] = {
    "bauerchen": _bauerchen_entry,
    "bauerschspiel": _bauerschspiel_entry,
    "bolachen": _bolachen_entry,
}

KEPT_WHEN_STALE: dict[str, tuple[str, ...]] = {
    "bauerchen": ("spritz", "melds_", "soloist"),
    "bauerschspiel": (),
    "bolachen": ("declarer", "bid", "tricks"),
}
"""The fields (by prefix) a form keeps when its write is refused as stale: what was chosen
before the tap that records, which must be tapped again on the new state."""


def _spritz(form: Mapping[str, str]) -> int:
    spritz = whole(form.get("spritz", "0") or "0")
    if spritz is None or spritz > MAX_SPRITZ:
        raise FormError("spritz", _("Spritz zählt die Verdopplungen: 0 bis %(n)s.", n=MAX_SPRITZ))
    return spritz


def _cp_team(form: Mapping[str, str]) -> str:
    team = form.get("cp_team", "A")
    if team not in TEAMS:
        raise FormError("cards", _("Wähle die Partei, deren Augen du einträgst."))
    return team


def _card_points(form: Mapping[str, str]) -> int:
    value = form.get("cp", "").strip()
    if not value:
        raise FormError("cards", _("Trage die Augen einer Partei ein – oder tippe ein Ergebnis."))
    points = whole(value)
    if points is None:
        raise FormError("cards", _("Augen sind eine ganze Zahl."))
    return points


def entry_values(entry: Mapping[str, Any], game: str) -> MultiDict[str, str]:
    """Return the form values that show a stored entry in the entry form (for amending)."""
    values: MultiDict[str, str] = MultiDict()
    if game == "bauerschspiel":
        return values  # the winner is a button: nothing is preset
    if game == "bolachen":
        values["declarer"] = str(entry.get("declarer", ""))
        values["bid"] = bid_value(str(entry.get("contract", "")), entry.get("trump"))
        if entry.get("tricks") is not None:
            values["tricks"] = str(entry["tricks"])
        return values
    values["spritz"] = str(entry.get("spritz", 0))
    for meld in entry.get("melds") or []:
        values.add(f"melds_{meld['team']}", str(meld["kind"]))
    solo = entry.get("solo") or {}
    if solo.get("player") is not None:
        values["soloist"] = str(solo["player"])
    card_points = entry.get("card_points") or {}
    if card_points:
        team = "A" if "A" in card_points else "B"
        values["cp_team"] = team
        values["cp"] = str(card_points[team])
    return values
