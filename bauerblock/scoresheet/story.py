"""What comes next for each pair of a Paarturnier's table, in words (docs/rules.md
section 5, "A pair's phone").

Told on the pad once the table's match is over: the next group round or its bye, "Gruppe
beendet – K.-o.-Runde folgt", the next knock-out round, out in which stage and on which
final place, the tournament's winner. A Preisbauer's table has no pairs and no story.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from bauerblock import store
from bauerblock.store import tournaments
from bauerblock.web.stages import stage_names


def pair_stories(sheet: store.SheetHead) -> list[dict[str, Any]]:
    """Return each pair of the sheet's match with its story, in its seat's order (none for a
    sheet of no Paarturnier, or a table no longer in its tournament)."""
    place = sheet.tournament
    if not place:
        return []
    stored = tournaments.load_tournament(store.get_db(), place["id"])
    if stored is None:
        return []
    t = tournaments.document(stored)
    outlooks = {told["pair"]: told for told in t.get("outlooks", ())}
    made = t["draws"][place["draw"] - 1] if place["draw"] <= len(t["draws"]) else None
    table = next((x for x in (made or {}).get("tables", ()) if x["number"] == place["table"]), None)
    if table is None or "pairs" not in table:
        return []
    names = {pair["number"]: " / ".join(pair["names"]) for pair in t["pairs"]}
    return [
        {"pair": pair, "names": names[pair], "words": story(outlooks[pair])}
        for pair in table["pairs"]
    ]


def story(told: Mapping[str, Any]) -> str:
    """Return a pair's outlook in words."""
    stages = {**stage_names(), "group": _("Gruppe")}
    if told["champion"]:
        return _("Turniersieger!")
    if told["out"] == "final":
        return _("Finale verloren – Platz %(n)s", n=told["place"])
    if told["out"] == "group":
        return _("Ausgeschieden in der Gruppe – Endplatz %(n)s.", n=told["place"])
    if told["out"]:
        return _(
            "Ausgeschieden im %(stage)s – Endplatz %(n)s.",
            stage=stages[told["out"]],
            n=told["place"],
        )
    if told["table"] is not None:
        return _("Spielt jetzt an Tisch %(n)s.", n=told["table"])
    if told["third_place"]:
        return _("Als Nächstes: Spiel um Platz 3.")
    if told["group_done"]:
        return _("Gruppe beendet – K.-o.-Runde folgt.")
    if told["next"] == "group" and told["bye"]:
        return _("Gruppenrunde %(n)s: Freilos.", n=told["group_round"])
    if told["next"] == "group":
        return _("Als Nächstes: Gruppenrunde %(n)s.", n=told["group_round"])
    return _("Als Nächstes: %(stage)s.", stage=stages[told["next"]])
