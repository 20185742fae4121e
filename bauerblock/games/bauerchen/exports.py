"""What the exports know of Bauerchen: its sheet's CSV and PDF pad (home, the entry as a
table writes it, points and the running score per team, a line under each round) and its
statistics summary (the score and the Steine over the evening, the teams' figures, the
Kart'abs by player)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext

from bauerblock.engine.teams import TEAMS, Team
from bauerblock.exports.charts import MAX_POINTS, Mark, bar_chart, line_chart
from bauerblock.exports.common import Cell, Column, Game, State
from bauerblock.exports.games import preset_in_words
from bauerblock.exports.group_figures import (
    Figure,
    GroupTable,
    Stats,
    balance_chart,
    colours,
    most_evenings,
    signed,
)
from bauerblock.exports.layout import (
    GameExport,
    Layout,
    PadColumn,
    PresetWords,
    dealer,
    team_sides,
)
from bauerblock.exports.summary import (
    Summary,
    Table,
    tally_chart,
    team_names,
    team_series,
    team_table,
)
from bauerblock.games.bauerchen.stats import BauerchenStats
from bauerblock.store.sheets import Sheet

# Events that belong to the round's winner; a Knoddel goes to its loser.
WINNER_EVENTS = frozenset({"round_won", "stein", "carry_over"})
BANDS = {"frei": "frei", "schneider": "Schneider", "schwarz": "schwarz"}
"""A result's band as a table says it (the game's own words, in English too)."""

PRESETS = {
    "lautern": PresetWords(
        "Lautern",
        lazy_gettext(
            "130 Augen mit dem letzten Stich, Schneider frei ab 33, bis 12, 2 Knoddel ein Stein."
        ),
    ),
    "ohne_letzten": PresetWords(
        "Ohne Letzten",
        lazy_gettext("Ohne Letzten: 120 Augen, Schneider frei ab 31, Heim braucht 61."),
    ),
    "siegelbach": PresetWords(
        "Siegelbach",
        lazy_gettext(
            "Wie Lautern, aber mit Weiterschreiben: Punkte über 12 zählen in der nächsten Runde."
        ),
    ),
}
"""Bauerchen's presets in words (the new-sheet form's choices, the exports' rules line)."""

# --- The sheet's export ------------------------------------------------------------------


def event_team(game: Game, event: str) -> str | None:
    """Return the team an event is for: the round's winner, a Knoddel's loser, the new home."""
    winner = game.get("round_winner")
    if event in WINNER_EVENTS:
        return winner
    if event == "knoddel" and winner:
        return Team(winner).other
    if event == "home_changed":
        return game["home"]
    return None


def round_line(game: Game) -> str | None:
    """Return the line under the game that won its round: its winner and the score it ended
    on, then what it brought – the loser's Knoddel, the winner's Stein, the carry-over
    ("Runde 1 an Team A (12:0) – Knoddel für B, Stein für A"); None under any other game.

    The one wording of a round's end: the pad's line under it, its folded round and the
    exports' closing say it so.
    """
    winner = game["round_winner"]
    if not winner:
        return None
    # The game that wins a round shows the score the round ended on.
    final = game["score_after"]
    won = _(
        "Runde %(n)s an Team %(team)s (%(a)s:%(b)s)",
        n=game["round"],
        team=winner,
        a=final["A"],
        b=final["B"],
    )
    marks = [_("Knoddel für %(team)s", team=Team(winner).other)]
    if "stein" in game["events"]:
        marks.append(_("Stein für %(team)s", team=winner))
    if "carry_over" in game["events"]:
        marks.append(_("Übertrag"))
    return f"{won} – {', '.join(marks)}"


def layout(sheet: Sheet) -> Layout:
    """Return how a Bauerchen sheet is exported."""

    def card_points(team: str) -> Callable[[Game], Cell]:
        return lambda game: (game["entry"].get("card_points") or {}).get(team, "")

    def result(game: Game) -> str:
        result = game["entry"].get("result")
        return f"{result['winner']} {result['band']}" if result else ""

    def solo(game: Game) -> str:
        solo = game["entry"].get("solo")
        return f"{solo['team']} {'won' if solo['won'] else 'lost'}" if solo else ""

    def melds(game: Game) -> str:
        return "; ".join(f"{m['team']} {m['kind']}" for m in game["entry"].get("melds") or [])

    def standing(state: State) -> list[str]:
        current = state["current"]
        lines = [
            _(
                "Runde %(n)s: A %(a)s : B %(b)s",
                n=current["round"],
                a=current["score"]["A"],
                b=current["score"]["B"],
            ),
            _("Knoddel: A %(a)s · B %(b)s", a=current["knoddels"]["A"], b=current["knoddels"]["B"]),
            _("Steine: A %(a)s · B %(b)s", a=current["steins"]["A"], b=current["steins"]["B"]),
        ]
        if current["decider"]:
            lines.append(_("Die nächste Runde ist der Gehampelter."))
        return lines

    preset = sheet.rules.to_dict().get("preset", "")
    return Layout(
        csv=(
            Column("round", lambda game: game["round"]),
            Column("dealer", dealer(sheet)),
            Column("home", lambda game: game["home"]),
            *(Column(f"card_points_{team}", card_points(team)) for team in TEAMS),
            Column("result", result),
            Column("solo", solo),
            Column("melds", melds),
            Column("spritz", lambda game: game["entry"].get("spritz", 0)),
            *(Column(f"points_{t}", lambda game, t=t: game["points"][t]) for t in TEAMS),
            *(Column(f"score_{t}", lambda game, t=t: game["score_after"][t]) for t in TEAMS),
        ),
        pad=(
            PadColumn(_("Geber"), 30, dealer(sheet), "L"),
            PadColumn(_("Heim"), 13, lambda game: game["home"]),
            PadColumn(_("Spiel"), 66, lambda game: said(game["entry"], sheet.players), "L"),
            # Like on paper: a team that scored nothing gets no number.
            *(
                PadColumn(
                    t,
                    15,
                    lambda game, t=t: str(game["points"][t] or ""),
                    group=_("Punkte"),
                    value=lambda game, t=t: game["points"][t],
                )
                for t in TEAMS
            ),
            *(
                PadColumn(
                    t,
                    16,
                    lambda game, t=t: str(game["score_after"][t]),
                    group=_("Stand"),
                    value=lambda game, t=t: game["score_after"][t],
                )
                for t in TEAMS
            ),
        ),
        sides=team_sides(sheet),
        rules=preset_in_words(sheet.game, preset),
        closing=round_line,
        standing=standing,
        event_team=event_team,
    )


def entry_words(
    entry: Mapping[str, Any], players: Sequence[str], name: Callable[[str], str] = str
) -> list[str]:
    """Return a game entry in its row's words, part by part: "B Schneider", "A 20er", "×2",
    or "Kart'ab A gewonnen" and who played it, wrapped by `name` (the pages' <bdi>).

    The one wording of an entry: the pad's rows, the offline rows (the entry form's
    data-said) and the exports say a game so.
    """
    parts: list[str] = []
    if result := entry.get("result"):
        parts.append(f"{result['winner']} {BANDS.get(result['band'], result['band'])}")
    elif card_points := entry.get("card_points"):
        parts.append(
            " : ".join(_("%(team)s %(n)s Augen", team=t, n=p) for t, p in card_points.items())
        )
    elif solo := entry.get("solo"):
        outcome = _("gewonnen") if solo["won"] else _("verloren")
        parts.append(_("Kart'ab %(team)s %(outcome)s", team=solo["team"], outcome=outcome))
        player = solo.get("player")
        if player is not None and player < len(players):
            parts.append(name(players[player]))
    parts += [
        _("%(team)s %(kind)ser", team=meld["team"], kind=meld["kind"])
        for meld in entry.get("melds") or ()
    ]
    if spritz := entry.get("spritz"):
        parts.append(f"×{2**spritz}")
    return parts


def said(entry: Mapping[str, Any], players: Sequence[str]) -> str:
    """Return a game entry in its row's words, in one line: "B Schneider, A 20er, ×2"."""
    return ", ".join(entry_words(entry, players))


# --- The statistics summary -------------------------------------------------------------


def summary(players: Sequence[str], stats: BauerchenStats) -> Summary:
    """Return the tables and charts of a Bauerchen evening: the score, the Steine, the Kart'abs."""
    series = stats.series
    names = [team_names(players, team) for team in Team]
    per_game = len(series) <= MAX_POINTS
    points = series if per_game else tuple(p for p in series if p.round_winner)
    numbers = [p.number for p in points]
    lines = team_series(names, points, lambda point, team: point.score[team])
    marks = []
    for index, point in enumerate(points):
        if point.stein:
            label = _("Spiel %(n)s: Stein für %(t)s", n=point.number, t=point.stein)
            marks.append(Mark(index, list(Team).index(point.stein), "stein", label))
        elif point.round_winner and per_game:
            label = _("Spiel %(n)s: Runde für %(t)s", n=point.number, t=point.round_winner)
            marks.append(Mark(index, list(Team).index(point.round_winner), "round-end", label))
    if per_game:
        desc = _(
            "Der Spielstand jeder Runde nach jedem Spiel, eine Linie je Team; Punkte markieren "
            "die Rundenenden, Ringe die Steine."
        )
    else:
        desc = _(
            "Der Endstand jeder Runde (ein langer Abend), eine Linie je Team; Ringe markieren "
            "die Steine."
        )
    score = line_chart(
        "score",
        _("Spielstand über den Abend"),
        desc,
        numbers,
        lines,
        marks=marks,
        x_label=_("Spiel"),
        y_label=_("Punkte"),
        mark_words={"round-end": _("Rundenende"), "stein": _("Stein")},
    )
    steins = tally_chart(
        "steins",
        _("Steine über den Abend"),
        _("Die gewonnenen Steine je Team, nach jedem Spiel, das einen Stein brachte."),
        series,
        lambda point: point.steins,
        names,
        _("Steine"),
    )
    solos = Table(
        "players",
        _("Spieler"),
        (_("Spieler"), _("Team"), _("Kart'ab gespielt"), _("Kart'ab gewonnen")),
        tuple(
            (name, (Team.of_seat(seat).value, str(fig.solos), str(fig.solos_won)))
            for seat, (name, fig) in enumerate(zip(players, stats.players, strict=True))
        ),
    )
    teams = team_table("teams", _("Teams"), players, dict(stats.teams))
    return Summary((teams, solos), (score, steins), (), ())


def result(current: Mapping[str, Any], money: Callable[[int], str]) -> str:
    """Return an evening's result: the round's score, its Knoddel and Steine."""
    parts = [
        ("", current["score"]),
        (_("Knoddel") + " ", current["knoddels"]),
        (_("Steine") + " ", current["steins"]),
    ]
    return " · ".join(f"{label}{p['A']}:{p['B']}" for label, p in parts)


def _rate(player: Mapping[str, Any]) -> Cell:
    """Return the share of games won in percent, two places (blank before any game)."""
    rate = player["win_rate"]
    return "" if rate is None else Decimal(f"{100 * rate:.2f}")


def _percent(player: Mapping[str, Any]) -> str:
    rate = player["win_rate"]
    return "–" if rate is None else f"{round(100 * rate)} %"


def _figure(name: str) -> Callable[[Mapping[str, Any]], Any]:
    return lambda player: player[name]


def group_charts(stats: Stats) -> dict[str, Any]:
    """Return the Steine balance over the evenings (lines) and the win rates (bars)."""
    players = [p for p in stats["players"] if p["bauerchen_evenings"]]
    drawn = most_evenings(players, _figure("bauerchen_evenings"))
    colour = colours(drawn)
    found: dict[str, Any] = {}
    nights = [point for point in stats["series"] if point["game"] == "bauerchen"]
    if nights:
        found["balance"] = balance_chart(
            "balance",
            _("Steine-Bilanz über die Abende"),
            _(
                "Für jeden Spieler die gewonnenen weniger die verlorenen Steine nach jedem "
                "Bauerchen-Abend, vom ersten bis zum letzten."
            ),
            stats,
            nights,
            "steins_balance",
            drawn,
            y_label=_("Steine-Bilanz"),
        )
    if players:
        rated = sorted(players, key=lambda p: (-(p["win_rate"] or 0), p["number"]))
        found["win_rates"] = bar_chart(
            "win-rates",
            _("Gewonnene Spiele (Bauerchen)"),
            _("Für jeden Spieler der Anteil der gewonnenen Bauerchen-Spiele in Prozent."),
            [(p["name"], round(100 * (p["win_rate"] or 0))) for p in rated],
            css=[colour.get(p["number"], "series-7") for p in rated],
            fmt=lambda value: f"{value:g} %",
            top=100,
        )
    return found


FIGURES = GroupTable(
    "player-figures",
    lazy_gettext("Bauerchen: Spieler"),
    _figure("bauerchen_evenings"),
    (
        Figure(lazy_gettext("Bierbilanz"), lambda p: signed(p["steins_balance"]), "balance"),
        Figure(lazy_gettext("Spiele"), _figure("games")),
        Figure(lazy_gettext("gewonnen"), _figure("games_won")),
        Figure(lazy_gettext("Quote"), _percent),
        Figure(lazy_gettext("Abende"), _figure("bauerchen_evenings")),
        Figure(lazy_gettext("Runden"), lambda p: f"{p['rounds_won']}:{p['rounds_lost']}"),
        Figure(lazy_gettext("Steine +"), _figure("steins_won")),
        Figure(lazy_gettext("Steine \u2212"), _figure("steins_lost")),
        Figure(lazy_gettext("Kart'ab"), lambda p: f"{p['solos_won']}/{p['solos']}"),
    ),
    tuple(
        Figure(label, cell)
        for label, cell in (
            (lazy_gettext("Spiele"), _figure("games")),
            (lazy_gettext("Spiele gewonnen"), _figure("games_won")),
            (lazy_gettext("Quote in %"), _rate),
            (lazy_gettext("Runden gewonnen"), _figure("rounds_won")),
            (lazy_gettext("Runden verloren"), _figure("rounds_lost")),
            (lazy_gettext("Knoddel"), _figure("knoddels")),
            (lazy_gettext("Steine gewonnen"), _figure("steins_won")),
            (lazy_gettext("Steine verloren"), _figure("steins_lost")),
            (lazy_gettext("Bierbilanz"), _figure("steins_balance")),
            (lazy_gettext("Kart'ab gespielt"), _figure("solos")),
            (lazy_gettext("Kart'ab gewonnen"), _figure("solos_won")),
            (lazy_gettext("Schneider gewonnen"), _figure("schneider_won")),
            (lazy_gettext("Schwarz gewonnen"), _figure("schwarz_won")),
            (lazy_gettext("Spiele mit Spritz"), _figure("spritz_games")),
            (lazy_gettext("Spritz gewonnen"), _figure("spritz_won")),
        )
    ),
    hint=lazy_gettext(
        "Bierbilanz: gewonnene weniger verlorene Steine; über alle Spieler geht sie auf null. "
        "Runden: gewonnen:verloren. Kart'ab: gewonnen/gespielt, wo der Spieler eingetragen ist."
    ),
    empty=lazy_gettext("Noch kein Bauerchen-Abend."),
    charts=group_charts,
)
"""A Stammtisch's Bauerchen figures (the page's first table, getGroupStats's flat fields)."""

EXPORT = GameExport("bauerchen", layout, summary, result, FIGURES, PRESETS)
