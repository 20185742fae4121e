"""Bolachen's options and its named rule sets: the soft score and the hard score."""

# Field types stay strings (PEP 563): engine.options reads them to check overrides.
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bauerblock.engine import options
from bauerblock.engine.errors import RuleError

MAX_TARIFF = 10_000
"""A hundred euros a unit is no pub game: a larger tariff is a typing slip."""
MAX_LIMIT = 1_000_000
OPTION_BOUNDS = {"tariff": (1, MAX_TARIFF), "limit": (0, MAX_LIMIT)}


@dataclass(frozen=True)
class Rules(options.Options):
    """How a table scores Bolachen; the default is the soft score, on paper, without limit."""

    preset: str = "soft"
    tariff: int | None = None
    """Cents a defender pays per unit of the contract's value; None: the soft score."""
    mord_pays_five: bool = False
    """Hard score only: a Mord pays 5 × tariff instead of 3 × tariff."""
    limit: int = 0
    """The evening ends when a player's total reaches it (points, or cents); 0: no limit."""

    @property
    def hard(self) -> bool:
        """Tell whether the score is kept in money (cents) rather than points."""
        return self.tariff is not None

    @property
    def unit(self) -> str:
        """Return what totals count: "points" (soft) or "cents" (hard)."""
        return "cents" if self.hard else "points"

    def validate(self) -> None:
        """Refuse options no table could play."""
        if self.tariff is not None and not 1 <= self.tariff <= MAX_TARIFF:
            raise RuleError(
                "tariff_range",
                most=MAX_TARIFF,
            )
        if self.mord_pays_five and not self.hard:
            raise RuleError(
                "mord_pays_five_soft",
            )
        if not 0 <= self.limit <= MAX_LIMIT:
            raise RuleError("limit_range", most=MAX_LIMIT)


PRESETS: dict[str, Rules] = {
    "soft": Rules(),
    "hard": Rules(preset="hard", tariff=10),
}


def resolve_rules(spec: dict[str, Any] | None = None) -> Rules:
    """Return the rules a request names: a preset (default soft) plus overrides."""
    return options.resolve(PRESETS, spec)
