"""Bauerchen's pad: the situation before a game, the quick results, its rows and words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from markupsafe import Markup

from bauerblock import store
from bauerblock.engine.bauerchen.game import (
    AWAY_BONUS,
    BAND_POINTS,
    Meld,
    MeldKind,
    check_solo,
    meld_value,
)
from bauerblock.engine.bauerchen.rules import Rules
from bauerblock.engine.errors import RuleError
from bauerblock.engine.teams import Team
from bauerblock.scoresheet.forms import SPRITZ_CHOICES
from bauerblock.scoresheet.games.pad import Pad, Row, partials
from bauerblock.store import SheetHead
from bauerblock.web.bidi import bdi


@dataclass(frozen=True)
class Situation:
    """Where the sheet stands before game `number`: what the entry form needs."""

    number: int
    score: dict[str, int]
    home: str
    dealer: int
    decider: bool
    target: int
    total: int
    rules: Rules

    def forty_refusal(self, team: str) -> str | None:
        """Return why `team` may not meld a 40 now, or None if it may."""
        try:
            meld_value(Meld(Team(team), MeldKind.FORTY), self.rules, self.score[team])
        except RuleError:
            return _(
                "Bei %(score)s nur noch ein 20er: ein 40er ginge über %(target)s.",
                score=self.score[team],
                target=self.target,
            )
        return None

    @property
    def solo_refusal(self) -> str | None:
        """Return why no Kart'ab may be played now, or None if it may."""
        try:
            check_solo(self.rules, self.decider)
        except RuleError:
            return _("Kein Kart'ab im Gehampelter (Ledig).")
        return None


def situation(sheet: SheetHead, number: int) -> Situation:
    """Return the situation before game `number` (1 for the first, len + 1 for the next)."""
    db = store.get_db()
    state = store.before_game(db, sheet, number)
    rules = state.rules
    home = state.home.value
    entry = (store.entry_of(db, sheet.id, number) if number <= sheet.played else None) or {}
    # An entry may name home itself (the API allows it): amending keeps it.
    home = entry.get("home", home)
    return Situation(
        number=number,
        score=state.standing.score.to_dict(),
        home=home,
        dealer=state.dealer,
        decider=state.decider,
        target=rules.target,
        total=rules.total,
        rules=rules,
    )


@dataclass(frozen=True)
class QuickResult:
    """One of the six result buttons."""

    value: str
    winner: str
    home_wins: bool
    band: str
    base: int


def quick_results(home: str) -> list[QuickResult]:
    """Return the six result buttons: home wins, then away wins, each frei/schneider/schwarz."""
    away = "B" if home == "A" else "A"
    buttons = []
    for winner, home_wins in ((home, True), (away, False)):
        for band, points in BAND_POINTS.items():
            base = points if home_wins else points + AWAY_BONUS
            buttons.append(QuickResult(f"{winner}:{band}", winner, home_wins, band, base))
    return buttons


def pad_rows(sheet: SheetHead, state: Mapping[str, Any]) -> list[Row]:
    """Return the games in order, with a line under each round naming its winner."""
    rounds = {r["number"]: r for r in state["rounds"]}
    rows = []
    for game in state["games"]:
        rows.append(Row("game", game=game, text=describe(game["entry"], sheet.players)))
        if "round_won" in game["events"]:
            finished = rounds.get(game["round"])
            winner = game["round_winner"]
            loser = "B" if winner == "A" else "A"
            marks = [_("Knoddel für %(team)s", team=loser)]
            if "stein" in game["events"]:
                marks.append(_("Stein für %(team)s", team=winner))
            if "carry_over" in game["events"]:
                marks.append(_("Übertrag"))
            rows.append(Row("round", game=game, round=finished, marks=marks))
    return rows


def describe(entry: Mapping[str, Any], players: Sequence[str]) -> Markup:
    """Return a game entry in a few words, as a pad would note it (a name in its <bdi>)."""
    parts: list[str] = []
    if entry.get("result"):
        result = entry["result"]
        parts.append(f"{result['winner']} {band_name(result['band'])}")
    elif entry.get("card_points"):
        card_points = entry["card_points"]
        parts.append(
            " : ".join(
                _("%(team)s %(n)s Augen", team=team, n=points)
                for team, points in card_points.items()
            )
        )
    elif entry.get("solo"):
        solo = entry["solo"]
        outcome = _("gewonnen") if solo["won"] else _("verloren")
        parts.append(_("Kart'ab %(team)s %(outcome)s", team=solo["team"], outcome=outcome))
        if solo.get("player") is not None and solo["player"] < len(players):
            parts.append(bdi(players[solo["player"]]))
    for meld in entry.get("melds") or []:
        parts.append(f"{meld['team']} {meld['kind']}er")
    if entry.get("spritz"):
        parts.append(f"×{2 ** entry['spritz']}")
    return Markup(", ").join(parts)


def band_name(band: str) -> str:
    """Return a band's German name (the game's own word, kept in English too)."""
    return {"frei": "frei", "schneider": "Schneider", "schwarz": "schwarz"}.get(band, band)


@dataclass(frozen=True)
class Soloist:
    """A player who may have played a Kart'ab: the entry form's choice."""

    seat: int
    name: str
    team: str


def soloists(players: Sequence[str]) -> list[Soloist]:
    """Return the players by team (A's two, then B's), for "who played the Kart'ab"."""
    return [Soloist(seat, players[seat], team.value) for team in Team for seat in team.seats]


PAD = Pad(
    game="bauerchen",
    situation=situation,
    rows=pad_rows,
    describe=describe,
    extras=lambda sheet, where: {
        "quick": quick_results(where.home),
        "spritz_choices": SPRITZ_CHOICES,
        "soloists": soloists(sheet.players),
    },
    **partials("bauerchen"),
)
