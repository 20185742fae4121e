"""Bauerchen's pad: the situation before a game, the quick results, its rows and words, and
its entry form (a result, a Kart'ab or card points, with melds and Spritz)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.engine.digits import whole
from bauerblock.engine.errors import RuleError
from bauerblock.engine.teams import TEAMS, Team
from bauerblock.games.bauerchen import exports as exported
from bauerblock.games.bauerchen.rules.cards import achievable
from bauerblock.games.bauerchen.rules.game import (
    BANDS,
    MAX_SPRITZ,
    MELD_KINDS,
    Band,
    Meld,
    MeldKind,
    check_solo,
    meld_value,
    won_points,
)
from bauerblock.games.bauerchen.rules.rules import Rules
from bauerblock.games.bauerchen.rules.sheet import SheetState, scored
from bauerblock.scoresheet.forms import FormError
from bauerblock.scoresheet.games import Pad, Preview, Row, partials
from bauerblock.store import SheetHead
from bauerblock.web.bidi import bdi
from bauerblock.web.refusals import player_message

SPRITZ_CHOICES = (0, 1, 2, 3, 4)
"""The Spritz buttons: up to four doublings at a table (the engine allows more)."""
SOLOIST_SEATS = ("0", "1", "2", "3")
"""Who played a Kart'ab: one of the four seats."""
MELDS_REFUSED = (
    "meld_past_target",
    "melds_too_many",
    "meld_after_round_won",
    "solo_alone",
    "melds_not_list",
    "meld_fields",
    "meld_kind_unknown",
)
"""The refusals that belong beside the melds (a Kart'ab with melds set too, among them)."""


@dataclass(frozen=True)
class Situation:
    """Where the sheet stands before game `number`: what the entry form needs."""

    number: int
    home: str
    dealer: int
    state: SheetState
    """The sheet before the game, as the engine replayed it (holding no games)."""

    def forty_refusal(self, team: str) -> str | None:
        """Return why `team` may not meld a 40 now, or None if it may."""
        score = self.state.standing.score[Team(team)]
        try:
            meld_value(Meld(Team(team), MeldKind.FORTY), self.state.rules, score)
        except RuleError:
            return _(
                "Bei %(score)s nur noch ein 20er: ein 40er ginge über %(target)s.",
                score=score,
                target=self.state.rules.target,
            )
        return None

    @property
    def solo_refusal(self) -> str | None:
        """Return why no Kart'ab may be played now, or None if it may."""
        try:
            check_solo(self.state.rules, self.state.decider)
        except RuleError:
            return _("Kein Kart'ab im Gehampelter (Ledig).")
        return None


def situation(sheet: SheetHead, number: int) -> Situation:
    """Return the situation before game `number` (1 for the first, len + 1 for the next)."""
    db = store.get_db()
    state = store.before_game(db, sheet, number)
    entry = (store.entry_of(db, sheet.id, number) if number <= sheet.played else None) or {}
    # An entry may name home itself (the API allows it): amending keeps it.
    return Situation(number, entry.get("home", state.home.value), state.dealer, state)


@dataclass(frozen=True)
class QuickResult:
    """One of the six result buttons."""

    value: str
    winner: str
    home_wins: bool
    band: str
    base: int


def quick_results(home: str) -> list[QuickResult]:
    """Return the six result buttons: team A's wins, then team B's (a row each, the same
    every game: a table thinks "who won?"), each frei/schneider/schwarz; home or away only
    changes the points."""
    buttons = []
    for winner in TEAMS:
        home_wins = winner == home
        for band in Band:
            base = won_points(band, away_win=not home_wins)
            buttons.append(QuickResult(f"{winner}:{band}", winner, home_wins, band, base))
    return buttons


def pad_rows(sheet: SheetHead, state: Mapping[str, Any]) -> list[Row]:
    """Return the games in order, with a line under each round naming its winner."""
    rows = []
    for game in state["games"]:
        rows.append(Row("game", game=game, text=describe(game["entry"], sheet.players)))
        if line := exported.round_line(game):
            rows.append(Row("round", game=game, text=line))
    return rows


def describe(entry: Mapping[str, Any], players: Sequence[str]) -> Markup:
    """Return a game entry in a few words, as a pad would note it (a name in its <bdi>)."""
    return Markup(", ").join(exported.entry_words(entry, players, bdi))


def confirm(entry: Mapping[str, Any], game: Mapping[str, Any], players: Sequence[str]) -> Markup:
    """Return a game just recorded as its confirmation names it: its row's words and the
    points it gave ("B Schneider +3"; both teams' when both scored: "(A +1, B +3)")."""
    points = game.get("points") or {}
    gained = [(team, points[team]) for team in TEAMS if points.get(team)]
    said = describe(entry, players)
    if len(gained) == 1:
        return Markup("%s +%s") % (said, gained[0][1])
    if gained:
        return Markup("%s (%s)") % (said, ", ".join(f"{team} +{n}" for team, n in gained))
    return said


def band_name(band: str) -> str:
    """Return a band's German name (the game's own word, kept in English too)."""
    return exported.BANDS.get(band, band)


@dataclass(frozen=True)
class Soloist:
    """A player who may have played a Kart'ab: the entry form's choice."""

    seat: int
    name: str
    team: str


def soloists(players: Sequence[str]) -> list[Soloist]:
    """Return the players by team (A's two, then B's), for "who played the Kart'ab"."""
    return [Soloist(seat, players[seat], team.value) for team in Team for seat in team.seats]


def read_entry(form: MultiDict[str, str]) -> dict[str, Any]:
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


def refused_field(form: Mapping[str, str]) -> str:
    """Return the field an engine refusal of the posted entry belongs beside."""
    for name in ("result", "solo"):
        if form.get(name):
            return name
    return "cards"


def entry_values(entry: Mapping[str, Any]) -> MultiDict[str, str]:
    """Return the form values that show a stored entry in the entry form (for amending)."""
    values: MultiDict[str, str] = MultiDict()
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


def read_preview(form: MultiDict[str, str]) -> dict[str, Any] | None:
    """Return the card-point entry the form would record, or None while it is incomplete."""
    if not form.get("cp", "").strip():
        return None
    return read_entry(MultiDict([(k, v) for k, v in form.items(multi=True) if k != "result"]))


def preview_score(sheet: SheetHead, where: Situation, entry: dict[str, Any]) -> Any:
    """Return what `entry` would score as game `where.number` (the card points' preview)."""
    return scored(where.state, entry)[1]


def _soloist(form: Mapping[str, str], team: str) -> dict[str, int]:
    """Return the Kart'ab's player if the form names one (never required), as the entry's."""
    seat = form.get("soloist", "")
    if not seat:
        return {}
    if seat not in SOLOIST_SEATS:
        raise FormError("solo", _("Wähle, wer allein gespielt hat – oder „egal“."))
    if Team.of_seat(int(seat)) is not Team(team):
        raise FormError("solo", _other_soloist(Team.of_seat(int(seat))))
    return {"player": int(seat)}


def _other_soloist(team: str) -> str:
    return _(
        "Wer allein gespielt hat, gehört zu Team %(t)s: tippe „Kart'ab %(t)s …“ oder wähle „egal“.",
        t=team,
    )


class _Slot(str):
    """A value the pad's script puts in (`{points}`), worded as the value it stands for."""

    def __repr__(self) -> str:
        return str(self)


def checks(rules: Rules) -> dict[str, str]:
    """Return what the pad's script refuses before the outbox, in the server's words (its
    placeholders in braces): the card points no tricks give (and past the total), a number
    that is no whole one, more melds than a game has, a Kart'ab by the other team's player."""
    possible = achievable(rules.last_trick_bonus)
    impossible = RuleError(
        "card_points_impossible",
        team="{team}",
        points=_Slot("{points}"),
        most=max(n for n in possible if n < rules.total),
        total=rules.total,
    )
    return {
        "impossible": ",".join(str(n) for n in range(rules.total + 1) if n not in possible),
        "cp": player_message(impossible),
        "whole": _not_whole(),
        "melds": player_message(RuleError("melds_too_many", most=1, kind="40")),
        "soloist": _other_soloist("{t}"),
    }


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
    # A minus sign makes a whole number still: the engine refuses it as points no team takes.
    points = whole(value.removeprefix("-"))
    if points is None:
        raise FormError("cards", _not_whole())
    return -points if value.startswith("-") else points


def _not_whole() -> str:
    return _("Augen sind eine ganze Zahl.")


PAD = Pad(
    game="bauerchen",
    situation=situation,
    rows=pad_rows,
    describe=describe,
    confirm=confirm,
    extras=lambda sheet, where: {
        "quick": quick_results(where.home),
        "spritz_choices": SPRITZ_CHOICES,
        "soloists": soloists(sheet.players),
        "band_name": band_name,
        # A control's part of an entry in its row's words (its data-said, for offline rows).
        "said": lambda entry: exported.said(entry, sheet.players),
        "checks": checks(where.state.rules),
    },
    read=read_entry,
    refused_field=refused_field,
    values=entry_values,
    kept_when_stale=("spritz", "melds_", "soloist"),
    kept_on_amend=("home",),
    preview=Preview(read_preview, preview_score, "scoresheet/_preview_bauerchen.html"),
    refused_beside=dict.fromkeys(MELDS_REFUSED, "melds"),
    **partials("bauerchen"),
)
