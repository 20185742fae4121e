"""A Paarturnier's stages in the current language's words: the knock-out's, how far a pair
got, and one match by its table.

Its pages (`pages.py`), its refusals and outlooks (`words.py`) and its results list's
exports (`exports.py`) name them.
"""

from flask_babel import gettext as _


def stage_names() -> dict[str, str]:
    """Return each knock-out stage's name in the page's language."""
    return {
        "round_of_64": _("Runde der letzten 64"),
        "round_of_32": _("Sechzehntelfinale"),
        "round_of_16": _("Achtelfinale"),
        "quarterfinal": _("Viertelfinale"),
        "semifinal": _("Halbfinale"),
        "final": _("Finale"),
    }


def reached_names() -> dict[str, str]:
    """Return how far a pair got, by stage: "Gruppe", then the knock-out's stages."""
    return {**stage_names(), "group": _("Gruppe")}


def knockout_match(stage: str, table: int, *, third_place: bool = False) -> str:
    """Return one knock-out match by its table: "Halbfinale 1", "Finale", "Spiel um Platz 3"."""
    if third_place:
        return _("Spiel um Platz 3")
    if stage == "final":
        return stage_names()[stage]
    return _("%(stage)s %(n)s", stage=stage_names()[stage], n=table)
