"""The form of a new sheet (game, players, first dealer, title, rules), shared by the start
page, a Stammtisch's new evening and, for its rules, a new tournament."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from bauerblock.engine.bauerchen.rules import MAX_ROUNDS_TO_WIN
from bauerblock.engine.bauerschspiel import MAX_STROKES
from bauerblock.engine.bolachen.rules import MAX_LIMIT as MAX_LIMIT_POINTS
from bauerblock.engine.bolachen.rules import MAX_TARIFF
from bauerblock.engine.digits import whole
from bauerblock.engine.games import GAMES
from bauerblock.engine.names import clean_name
from bauerblock.store.sheets import MAX_NAME, MAX_TITLE

GAME_NAMES = {"bauerchen": "Bauerchen", "bauerschspiel": "Bauerschspiel", "bolachen": "Bolachen"}
"""The games' own names, the same in every language."""
GAME_CHOICES = tuple(GAME_NAMES)
"""Every game the start form offers, in the order it offers them."""
MONEY = re.compile(r"(\d{1,7})(?:[.,](\d{1,2}))?")


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
    if game not in GAME_CHOICES or game not in GAMES:
        errors["game"] = _("Unbekanntes Spiel.")
    seats = GAMES[game].SEATS if game in GAMES else 4
    players = []
    for seat in range(seats):
        name = clean_name(form.get(f"player{seat}", ""))
        if len(name) > MAX_NAME:
            errors[f"player{seat}"] = _("Höchstens %(n)s Zeichen.", n=MAX_NAME)
        players.append(name)
    read = whole(form.get("first_dealer", "0"))
    first_dealer = -1 if read is None else read
    if not 0 <= first_dealer < seats:
        errors["first_dealer"] = _("Wähle, wer zuerst gibt.")
    title = clean_name(form.get("title", ""))
    if len(title) > MAX_TITLE:
        errors["title"] = _("Höchstens %(n)s Zeichen.", n=MAX_TITLE)
    rules = read_rules(form, game, errors) if game in GAMES else {}
    if errors:
        return None, errors
    return NewSheet(game, players, first_dealer, title, rules), {}


def read_rules(form: Mapping[str, str], game: str, errors: dict[str, str]) -> dict[str, Any]:
    """Return the rule set the form names for `game` (a preset and options); note errors."""
    if game not in RULE_READERS:
        return {}
    presets = GAMES[game].PRESETS
    preset = form.get("preset") or next(iter(presets))
    if preset not in presets:
        errors["preset"] = _("Unbekanntes Regelwerk.")
        return {}
    return {"preset": preset, **RULE_READERS[game](form, preset, errors)}


def _bauerchen_rules(form: Mapping[str, str], preset: str, errors: dict[str, str]) -> dict:
    rules: dict[str, Any] = {
        toggle.option: toggle.value for toggle in TOGGLES if form.get(toggle.name)
    }
    value = form.get("rounds_to_win", "").strip()
    if value and value != "0":
        if not value.isdigit() or not 1 <= int(value) <= MAX_ROUNDS_TO_WIN:
            errors["rounds_to_win"] = _("Eine Zahl von 1 bis %(n)s.", n=MAX_ROUNDS_TO_WIN)
        else:
            rules["rounds_to_win"] = int(value)
    return rules


def _bauerschspiel_rules(form: Mapping[str, str], preset: str, errors: dict[str, str]) -> dict:
    value = form.get("strokes", "").strip()
    if not value:
        return {}
    strokes = whole(value)
    if strokes is None or not 1 <= strokes <= MAX_STROKES:
        errors["strokes"] = _("Eine Zahl von 1 bis %(n)s.", n=MAX_STROKES)
        return {}
    return {"strokes": strokes}


def _bolachen_rules(form: Mapping[str, str], preset: str, errors: dict[str, str]) -> dict:
    # The money options belong to the hard score: under the soft one they are a slip.
    hard = preset == "hard"
    rules: dict[str, Any] = {}
    tariff = form.get("tariff", "").strip()
    if tariff and not hard:
        errors["tariff"] = _("Einen Tarif gibt es nur beim harten Spiel (um Geld).")
    elif tariff:
        cents = whole(tariff)
        if cents is None or not 1 <= cents <= MAX_TARIFF:
            errors["tariff"] = _(
                "Der Tarif ist in Cent: eine ganze Zahl von 1 bis %(n)s.", n=MAX_TARIFF
            )
        else:
            rules["tariff"] = cents
    if form.get("mord_pays_five"):
        if hard:
            rules["mord_pays_five"] = True
        else:
            errors["mord_pays_five"] = _("„Mord zahlt fünf“ gilt nur beim harten Spiel (um Geld).")
    limit = form.get("limit", "").strip().removesuffix("€").strip()
    if limit:
        value = _money(limit) if hard else whole(limit)
        if value is None or not 0 <= value <= MAX_LIMIT_POINTS:
            errors["limit"] = (
                _("Das Limit in Euro, z. B. 5 oder 2,50.")
                if hard
                else _("Das Limit in Punkten: eine ganze Zahl.")
            )
        else:
            rules["limit"] = value
    return rules


def _money(text: str) -> int | None:
    """Return euros as written at a table (5, 2,50, 2.5) in cents, or None."""
    match = MONEY.fullmatch(text)
    if not match:
        return None
    return int(match[1]) * 100 + int((match[2] or "0").ljust(2, "0"))


RuleReader = Callable[[Mapping[str, str], str, dict[str, str]], dict]

RULE_READERS: dict[str, RuleReader] = {
    "bauerchen": _bauerchen_rules,
    "bauerschspiel": _bauerschspiel_rules,
    "bolachen": _bolachen_rules,
}
"""Each game's options beside its preset, read off the start form (errors by field)."""
