"""Zielwurf's refusals' words, by code: German (the catalogue has no English of a toy's)."""

from flask_babel import gettext as _

WORDS = {
    "zielwurf_target_range": lambda p: _(
        "Das Ziel liegt zwischen %(low)s und %(high)s Treffern.", low=p["low"], high=p["high"]
    ),
    "zielwurf_winner_unknown": lambda p: _(
        "Sag, welches Team getroffen hat: „A“ oder „B“, nicht %(winner)s.",
        winner=repr(p["winner"]),
    ),
}
