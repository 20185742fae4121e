"""Bauerchen's options and its named rule sets (docs/rules.md section 1, "Rule sets")."""

# Field types stay strings (PEP 563): engine.options reads them to check overrides.
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bauerblock.engine import options
from bauerblock.engine.errors import RuleError

DECK_POINTS = 120
"""A, 10, K, Q, J of four suits: 11 + 10 + 4 + 3 + 2 = 30 a suit."""
MAX_ROUND_LIMIT = 99
MAX_ROUNDS_TO_WIN = 9

LAST_TRICK_BONUSES = (10, 0)
OPTION_BOUNDS = {
    "schneider_free_at": (9, (DECK_POINTS + 10) // 2),
    "target": (2, 99),
    "knoddels_per_stein": (1, 9),
    "round_limit": (0, MAX_ROUND_LIMIT),
    "rounds_to_win": (0, MAX_ROUNDS_TO_WIN),
}
"""The widest bounds of the whole-number options (docs/rules.md section 1, "Rule sets");
schneider_free_at's upper bound is half the game's total, so 60 without the last trick's 10."""


@dataclass(frozen=True)
class Rules(options.Options):
    """How a table plays Bauerchen; defaults are the Lautern rules."""

    preset: str = "lautern"
    last_trick_bonus: int = 10
    schneider_free_at: int = 33
    target: int = 12
    knoddels_per_stein: int = 2
    carry_over: bool = False
    forty_rule: bool = False
    solo_in_decider: bool = True
    round_limit: int = 0
    """The sheet is finished after this many rounds (a tournament table); 0: no limit."""
    rounds_to_win: int = 0
    """The sheet is finished once a team has won this many rounds (a match); 0: none."""

    @property
    def total(self) -> int:
        """Return the card points in a game: 130 with the last trick, 120 without."""
        return DECK_POINTS + self.last_trick_bonus

    def validate(self) -> None:
        """Refuse options no table could play."""
        if self.last_trick_bonus not in LAST_TRICK_BONUSES:
            raise RuleError("last_trick_bonus_choice")
        lowest = OPTION_BOUNDS["schneider_free_at"][0]
        if not lowest <= self.schneider_free_at <= self.total // 2:
            raise RuleError(
                "schneider_free_at_range",
                low=lowest,
                high=self.total // 2,
                total=self.total,
            )
        low, high = OPTION_BOUNDS["target"]
        if not low <= self.target <= high:
            raise RuleError(
                "target_range",
                low=low,
                high=high,
            )
        low, high = OPTION_BOUNDS["knoddels_per_stein"]
        if not low <= self.knoddels_per_stein <= high:
            raise RuleError(
                "knoddels_per_stein_range",
                low=low,
                high=high,
            )
        if not 0 <= self.round_limit <= MAX_ROUND_LIMIT:
            raise RuleError(
                "round_limit_range",
                most=MAX_ROUND_LIMIT,
            )
        if not 0 <= self.rounds_to_win <= MAX_ROUNDS_TO_WIN:
            raise RuleError(
                "rounds_to_win_bounds",
                high=MAX_ROUNDS_TO_WIN,
            )


PRESETS: dict[str, Rules] = {
    "lautern": Rules(),
    "ohne_letzten": Rules(preset="ohne_letzten", last_trick_bonus=0, schneider_free_at=31),
    "siegelbach": Rules(preset="siegelbach", carry_over=True),
}


def resolve_rules(spec: dict[str, Any] | None = None) -> Rules:
    """Return the rules a request names: a preset (default lautern) plus overrides."""
    return options.resolve(PRESETS, spec)
