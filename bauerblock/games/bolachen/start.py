"""What the new-sheet form knows of Bolachen: the money options of the hard score (tariff,
"Mord zahlt fünf") and the limit, in points or in euros."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext

from bauerblock.engine.digits import bounded
from bauerblock.games.bolachen.exports import PRESETS
from bauerblock.games.bolachen.rules.game import MAX_LIMIT, MAX_TARIFF, OPTION_BOUNDS
from bauerblock.web.games import StartGame, house_rules

MONEY = re.compile(r"([0-9]{1,7})(?:[.,]([0-9]{1,2}))?")


def read_rules(form: Mapping[str, str], preset: str, errors: dict[str, str]) -> dict[str, Any]:
    """Return the tariff, "Mord zahlt fünf" and the limit the form sets."""
    # The money options belong to the hard score: under the soft one they are a slip.
    hard = preset == "hard"
    rules: dict[str, Any] = {}
    tariff = form.get("tariff", "").strip()
    if tariff and not hard:
        errors["tariff"] = _("Einen Tarif gibt es nur beim harten Spiel (um Geld).")
    elif tariff:
        cents = bounded(tariff, *OPTION_BOUNDS["tariff"])
        if cents is None:
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
        value = _money(limit) if hard else bounded(limit, *OPTION_BOUNDS["limit"])
        if value is None or not 0 <= value <= MAX_LIMIT:
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


START = StartGame(
    game="bolachen",
    name="Bolachen",
    blurb=lazy_gettext("3 Spieler, Oberbayern: Brand, Bettel, Mord – auf Papier oder um Geld."),
    presets=PRESETS,
    read_rules=read_rules,
    house_rules=house_rules("bolachen"),
)
