"""What the exports know of Bolachen: its sheet's CSV and PDF pad (declarer and contract,
then points or euros and the running totals per player, a line under the deal that reached
the limit) and its statistics summary (the totals over the evening, the end as bars, the
contracts by player, and who pays whom)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from functools import partial
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext, ngettext

from bauerblock.exports import group_figures
from bauerblock.exports.charts import Series, bar_chart, line_chart
from bauerblock.exports.common import (
    Cell,
    Column,
    Game,
    State,
    written_decimal,
    written_euros,
)
from bauerblock.exports.group_figures import (
    Figure,
    GroupTable,
    Stats,
    balance_chart,
    most_evenings,
    part,
)
from bauerblock.exports.layout import (
    GameExport,
    Layout,
    PadColumn,
    PresetWords,
    dealer,
    no_team,
)
from bauerblock.exports.summary import Summary, Table
from bauerblock.games.bolachen.rules import CONTRACT_NAMES, Bid
from bauerblock.games.bolachen.stats import BolachenStats
from bauerblock.store.sheets import Sheet

PRESETS = {
    "soft": PresetWords(
        lazy_gettext("Weich (auf Papier)"),
        lazy_gettext(
            "Auf Papier: der Spieler bekommt 2 × den Wert (Brand 1, Bettel 2, Mord 3), jeder "
            "Gegenspieler gibt 1 × den Wert – verloren umgekehrt."
        ),
    ),
    "hard": PresetWords(
        lazy_gettext("Hart (um Geld)"),
        lazy_gettext(
            "Um Geld: jeder Gegenspieler zahlt dem Spieler Tarif × Wert (10 Cent: ein Brand 10 "
            "Cent, ein Mord 30 Cent) – verloren zahlt der Spieler jedem."
        ),
    ),
}
"""Bolachen's presets in words (the new-sheet form's choices, the exports' rules line)."""

# --- The sheet's export ------------------------------------------------------------------


def written(
    value: int, hard: bool, *, signed: bool = False, unit: bool = True, minus: str = "-"
) -> str:
    """Return points, or cents as euros under the hard score, as the language writes them
    (1,20 € or €1.20): `signed` writes a plus before a gain; without `unit` the euro sign
    is left to the column's head, as on a paper pad; `minus` stands before a loss (the
    pages write a true one)."""
    text = str(abs(value))
    if hard:
        euros = Decimal(abs(value)).scaleb(-2)
        text = written_euros(abs(value)) if unit else written_decimal(euros)
    if value < 0:
        return minus + text
    if value > 0 and signed:
        return "+" + text
    return text


def blank(value: int | None) -> Cell:
    """Return a cell left empty for a number the deal has not (the tricks of a won-or-lost)."""
    return "" if value is None else value


def _tricks(game: Game) -> Cell:
    return blank(game["tricks"])


def layout(sheet: Sheet) -> Layout:
    """Return how a Bolachen sheet is exported."""
    rules = sheet.rules.to_dict()
    hard = rules["tariff"] is not None
    seats = range(len(sheet.players))
    # Totals are cents under the hard score: the CSV gives euros, the pad writes 1,20.
    suffix = "_eur" if hard else ""

    def amount(cents_or_points: int) -> Cell:
        return Decimal(cents_or_points).scaleb(-2) if hard else cents_or_points

    def deal(game: Game) -> str:
        # The declarer has a column of his own, as on the pad: the deal's words leave him out.
        return said(game["entry"], sheet.players, game["won"], who=lambda name: "")

    # A total as the language writes it: in euros under the hard score.
    total = partial(written, hard=hard)

    limit_text = total(rules["limit"])

    def closing(game: Game) -> str | None:
        if "limit_reached" not in game["events"]:
            return None
        return limit_line(game, sheet.players, rules["limit"], total)

    def standing(state: State) -> list[str]:
        totals = state["current"]["totals"]
        line = " · ".join(f"{sheet.players[s]} {total(totals[s])}" for s in seats)
        lines = [_("Stand: %(line)s", line=line)]
        if state["current"]["limit_reached"]:
            lines.append(
                _(
                    "Das Limit von %(limit)s ist erreicht: der Abend ist zu Ende.",
                    limit=limit_text,
                )
            )
        return lines

    def seat_columns(group: str, field: str, *, signed: bool) -> tuple[PadColumn, ...]:
        """Return a column a player of the deals' `field` (points or totals), under `group`."""
        # The six seat columns share the 76 mm left of the 180.
        return tuple(
            PadColumn(
                sheet.players[s],
                38 / 3,
                lambda game, s=s: written(game[field][s], hard, signed=signed, unit=False),
                group=group,
                value=lambda game, s=s: amount(game[field][s]),
            )
            for s in seats
        )

    money = " (€)" if hard else ""
    preset = PRESETS.get(rules["preset"])
    rules_said = [str(preset.name) if preset else rules["preset"]]
    if hard:
        rules_said.append(
            _("%(money)s € je Einheit", money=written(rules["tariff"], hard, unit=False))
        )
    if rules["mord_pays_five"]:
        rules_said.append(_("Mord zahlt 5"))
    if rules["limit"]:
        rules_said.append(_("Limit %(limit)s", limit=limit_text))
    rules_text = "; ".join(rules_said)
    return Layout(
        csv=(
            Column("dealer", dealer(sheet)),
            Column("declarer", lambda game: sheet.players[game["declarer"]]),
            Column("contract", lambda game: game["contract"]),
            Column("trump", lambda game: game["trump"] or ""),
            Column("tricks", lambda game: blank(game["tricks"])),
            Column("won", lambda game: "won" if game["won"] else "lost"),
            Column("value", lambda game: game["value"]),
            *(
                Column(f"points_{s}{suffix}", lambda game, s=s: amount(game["points"][s]))
                for s in seats
            ),
            *(
                Column(f"total_{s}{suffix}", lambda game, s=s: amount(game["totals_after"][s]))
                for s in seats
            ),
        ),
        pad=(
            PadColumn(_("Geber"), 20, dealer(sheet), "L"),
            PadColumn(_("Spieler"), 20, lambda game: sheet.players[game["declarer"]], "L"),
            PadColumn(_("Spiel"), 41, deal, "L"),
            PadColumn(_("Stiche"), 14, lambda game: str(blank(game["tricks"])), value=_tricks),
            *seat_columns(_("Spiel") + money, "points", signed=True),
            *seat_columns(_("Stand") + money, "totals_after", signed=False),
        ),
        sides=((_("Spieler"), " · ".join(sheet.players)),),
        rules=rules_text,
        closing=closing,
        standing=standing,
        event_team=no_team,
    )


def limit_line(game: Game, players: Sequence[str], limit: int, total: Callable[[int], str]) -> str:
    """Return the line under the deal that reached the limit: who reached it with what total,
    written by `total`, then the evening's end ("Limit 0,60 € erreicht: Karl (0,70 €) – Ende
    des Abends"). The pad's line under the deal and the exports' closing say it so."""
    after = zip(players, game["totals_after"], strict=True)
    reached = ", ".join(f"{name} ({total(value)})" for name, value in after if value >= limit)
    limit_reached = _("Limit %(limit)s erreicht: %(who)s", limit=total(limit), who=reached)
    return limit_reached + " – " + _("Ende des Abends")


def declared(name: str) -> str:
    """Return the declarer as a deal's words name him before his bid: "Hans: "."""
    return name + ": "


def entry_words(
    entry: Mapping[str, Any],
    players: Sequence[str],
    won: bool | None = None,
    who: Callable[[str], str] = declared,
) -> list[str]:
    """Return a deal in its row's words, part by part: who played what ("Hans: Brand Herz",
    the declarer as `who` writes him), its tricks ("5 Stiche"), then won or lost: `won` as
    the replay knows it, else the entry's (an entry by tricks says none).

    The one wording of a deal: the pad's rows, the offline rows (the entry form's
    data-said), the confirmation and the exports say a deal so.
    """
    parts = []
    declarer = entry.get("declarer", -1)
    # A part of a deal (an entry form's control's) may name no bid, or no one who bid it.
    if "contract" in entry and declarer in range(len(players)):
        bid = Bid.named(entry["contract"], entry.get("trump"))
        parts.append(who(players[declarer]) + bid.label)
    if entry.get("tricks") is not None:
        tricks = entry["tricks"]
        parts.append(ngettext("%(n)s Stich", "%(n)s Stiche", tricks, n=tricks))
    if won is None:
        won = entry.get("won")
    if won is not None:
        parts.append(_("gewonnen") if won else _("verloren"))
    return parts


def said(
    entry: Mapping[str, Any],
    players: Sequence[str],
    won: bool | None = None,
    who: Callable[[str], str] = declared,
) -> str:
    """Return a deal in its row's words in one line: "Hans: Brand Herz, 5 Stiche, gewonnen"."""
    return ", ".join(entry_words(entry, players, won, who))


# --- The statistics summary -------------------------------------------------------------


def money(unit: str) -> Callable[[float], str]:
    """Return how totals are written: euros and cents under the hard score, else points."""
    if unit == "cents":
        return lambda value: written_euros(int(value))
    return lambda value: f"{value:+g}" if value else "0"


def summary(players: Sequence[str], stats: BolachenStats) -> Summary:
    """Return the tables and charts of a Bolachen evening: the totals, the end, who pays whom."""
    fmt = money(stats.unit)
    series = stats.series
    totals = line_chart(
        "totals",
        _("Stand über den Abend"),
        _("Der Stand jedes Spielers nach jedem Spiel, eine Linie je Spieler."),
        [0, *(p.number for p in series)],
        [
            Series(name, f"series-{seat}", [0, *(p.totals[seat] for p in series)])
            for seat, name in enumerate(players)
        ],
        x_label=_("Spiel"),
        y_label=_("Stand"),
        fmt=fmt,
    )
    balance = bar_chart(
        "balance",
        _("Endstand"),
        _("Der Stand jedes Spielers am Ende: links im Minus, rechts im Plus."),
        [(name, fig.total) for name, fig in zip(players, stats.players, strict=True)],
        css=[f"series-{seat}" for seat in range(len(players))],
        fmt=fmt,
    )
    heads = (_("Spieler"), *CONTRACT_NAMES.values(), _("gegeben"), _("Stand"))
    rows = []
    for name, fig in zip(players, stats.players, strict=True):
        declared, won = fig.declared.to_dict(), fig.declared_won.to_dict()
        cells = tuple(f"{won[c]}/{declared[c]}" for c in CONTRACT_NAMES)
        rows.append((name, (*cells, str(fig.dealt), fmt(fig.total))))
    table = Table("players", _("Spieler: Spiele gewonnen/gespielt"), heads, tuple(rows))
    payments = tuple(
        _(
            "%(payer)s zahlt %(payee)s %(amount)s",
            payer=players[p.payer],
            payee=players[p.payee],
            amount=fmt(p.amount).lstrip("+"),
        )
        for p in stats.payments
    )
    bars = ((balance, (_("Spieler"), _("Stand"))),)
    return Summary((table,), (totals,), bars, payments, settles=True)


def result(current: Mapping[str, Any], money: Callable[[int], str]) -> str:
    """Return an evening's result: the totals by seat (in money when played for cents)."""
    cents = current.get("unit") == "cents"
    return " / ".join(money(total) if cents else str(total) for total in current["totals"])


def group_charts(stats: Stats) -> dict[str, Any]:
    """Return the money of hard evenings over the evenings (lines), if any was won."""
    paying = [p for p in stats["players"] if p["bolachen"]["cents"] or p["bolachen"]["evenings"]]
    deals = [
        point for point in stats["series"] if point["game"] == "bolachen" and any(point["cents"])
    ]
    if not deals:
        return {}
    payers = most_evenings(paying, part("bolachen", "evenings"))
    return {
        "money": balance_chart(
            "money",
            _("Geld-Bilanz über die Abende (Bolachen)"),
            _(
                "Für jeden Spieler, was er beim harten Bolachen über die Abende gewonnen "
                "oder verloren hat, in Euro."
            ),
            stats,
            deals,
            "cents",
            payers,
            unit=lambda cents: cents / 100,
            fmt=lambda amount: written_decimal(amount).replace("-", "\u2212"),
            y_label=_("Euro"),
        )
    }


FIGURES = GroupTable(
    "money",
    lazy_gettext("Bolachen: Geld und Punkte"),
    part("bolachen", "evenings"),
    (
        Figure(lazy_gettext("Abende"), part("bolachen", "evenings")),
        Figure(lazy_gettext("Spiele"), part("bolachen", "deals")),
        Figure(lazy_gettext("Geld"), lambda p: group_figures.money(p["bolachen"]["cents"])),
        Figure(lazy_gettext("Punkte"), part("bolachen", "points")),
    ),
    (
        Figure(lazy_gettext("Abende"), part("bolachen", "evenings")),
        Figure(lazy_gettext("Spiele"), part("bolachen", "deals")),
        Figure(lazy_gettext("Punkte"), part("bolachen", "points")),
        Figure(lazy_gettext("Geld in Euro"), lambda p: Decimal(p["bolachen"]["cents"]) / 100),
    ),
    charts=group_charts,
)
"""A Stammtisch's Bolachen figures: its money and its points."""

EXPORT = GameExport("bolachen", layout, summary, result, FIGURES, PRESETS)
