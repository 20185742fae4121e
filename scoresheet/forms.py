"""Reading the score sheet's forms: a new sheet's settings and a game entry.

Forms arrive as plain HTML form posts (with or without htmx); what they cannot express is
refused here with a message for the field that caused it, before the store sees it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from engine.games import GAMES

TEAMS = ("A", "B")
BANDS = ("frei", "schneider", "schwarz")
MELD_KINDS = ("20", "40")
MAX_SPRITZ = 10
SPRITZ_CHOICES = (0, 1, 2, 3, 4)
MAX_NAME = 40
MAX_TITLE = 80
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,64}")

GAME_CHOICES = ("bauerchen", "bauerschspiel", "bolachen")
"""Every game the form offers; those the pad cannot show yet are offered disabled."""
PAD_GAMES = ("bauerchen",)
"""The games the score sheet pages can keep (the others so far only through the API)."""


class FormError(ValueError):
    """Refuse a form value, naming the field to show the message beside."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


# The options a table may change, as deviations from the chosen preset, so that an
# unticked box never undoes what the preset says.
@dataclass(frozen=True)
class Toggle:
    """A rule option offered as a checkbox: ticking it sets `option` to `value`."""

    name: str
    option: str
    value: Any


TOGGLES = (
    Toggle("carry_over", "carry_over", True),
    Toggle("forty_rule", "forty_rule", True),
    Toggle("ledig", "solo_in_decider", False),
    Toggle("schneider34", "schneider_free_at", 34),
    Toggle("target31", "target", 31),
    Toggle("three_knoddels", "knoddels_per_stein", 3),
)


@dataclass(frozen=True)
class NewSheet:
    """A new sheet's settings, as `store.create_sheet` takes them."""

    game: str
    players: list[str]
    first_dealer: int
    title: str
    rules: dict[str, Any]


def read_new_sheet(form: MultiDict[str, str]) -> tuple[NewSheet | None, dict[str, str]]:
    """Return the new sheet's settings, or None and a message per faulty field."""
    errors: dict[str, str] = {}
    game = form.get("game", "bauerchen")
    if game not in GAME_CHOICES:
        errors["game"] = _("Unbekanntes Spiel.")
    elif game not in PAD_GAMES or game not in GAMES:
        errors["game"] = _("Dieses Spiel kommt bald; bisher gibt es Bauerchen.")
    seats = 3 if game == "bolachen" else 4
    players = []
    for seat in range(seats):
        name = " ".join(form.get(f"player{seat}", "").split())
        if len(name) > MAX_NAME:
            errors[f"player{seat}"] = _("Höchstens %(n)s Zeichen.", n=MAX_NAME)
        players.append(name)
    try:
        first_dealer = int(form.get("first_dealer", "0"))
    except ValueError:
        first_dealer = -1
    if not 0 <= first_dealer < seats:
        errors["first_dealer"] = _("Wähle, wer zuerst gibt.")
    title = " ".join(form.get("title", "").split())
    if len(title) > MAX_TITLE:
        errors["title"] = _("Höchstens %(n)s Zeichen.", n=MAX_TITLE)
    rules: dict[str, Any] = {}
    if game in GAMES:
        presets = GAMES[game].PRESETS
        preset = form.get("preset") or next(iter(presets))
        if preset not in presets:
            errors["preset"] = _("Unbekanntes Regelwerk.")
        else:
            rules = {"preset": preset}
            for toggle in TOGGLES:
                if form.get(toggle.name):
                    rules[toggle.option] = toggle.value
    if errors:
        return None, errors
    return NewSheet(game, players, first_dealer, title, rules), {}


def read_key(form: Mapping[str, str]) -> str | None:
    """Return the form's idempotency key, or None when it carries no usable one."""
    key = form.get("key", "")
    return key if KEY_PATTERN.fullmatch(key) else None


def read_version(form: Mapping[str, str]) -> int | None:
    """Return the sheet version the form was rendered from, if it names one."""
    value = form.get("version", "")
    return int(value) if value.isdigit() else None


def read_entry(form: MultiDict[str, str]) -> dict[str, Any]:
    """Return the game entry of an entry form: what its pressed button says, plus modifiers."""
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
        return {"solo": {"team": team, "won": outcome == "won"}}
    else:
        entry = {"card_points": {_cp_team(form): _card_points(form)}}
    if melds:
        entry["melds"] = melds
    if spritz:
        entry["spritz"] = spritz
    return entry


def read_preview(form: MultiDict[str, str]) -> dict[str, Any] | None:
    """Return the card-point entry the form would record, or None while it is incomplete."""
    if not form.get("cp", "").strip():
        return None
    return read_entry(MultiDict([(k, v) for k, v in form.items(multi=True) if k != "result"]))


def _spritz(form: Mapping[str, str]) -> int:
    value = form.get("spritz", "0") or "0"
    if not value.isdigit() or int(value) > MAX_SPRITZ:
        raise FormError("spritz", _("Spritz zählt die Verdopplungen: 0 bis %(n)s.", n=MAX_SPRITZ))
    return int(value)


def _cp_team(form: Mapping[str, str]) -> str:
    team = form.get("cp_team", "A")
    if team not in TEAMS:
        raise FormError("cards", _("Wähle die Partei, deren Augen du einträgst."))
    return team


def _card_points(form: Mapping[str, str]) -> int:
    value = form.get("cp", "").strip()
    if not value:
        raise FormError("cards", _("Trage die Augen einer Partei ein – oder tippe ein Ergebnis."))
    if not value.isdigit():
        raise FormError("cards", _("Augen sind eine ganze Zahl."))
    return int(value)


def entry_values(entry: Mapping[str, Any]) -> MultiDict[str, str]:
    """Return the form values that show a stored entry in the entry form (for amending)."""
    values: MultiDict[str, str] = MultiDict()
    values["spritz"] = str(entry.get("spritz", 0))
    for meld in entry.get("melds") or []:
        values.add(f"melds_{meld['team']}", str(meld["kind"]))
    card_points = entry.get("card_points") or {}
    if card_points:
        team = "A" if "A" in card_points else "B"
        values["cp_team"] = team
        values["cp"] = str(card_points[team])
    return values
