"""The German words of the refusals of a series (bauerblock.series), by code."""

from __future__ import annotations

from collections.abc import Callable

from flask_babel import gettext as _

from bauerblock.web.refusals.params import Params

SETTINGS: dict[str, Callable[[], str]] = {
    "counted": lambda: _("Gewertete Turniere"),
    "minimum": lambda: _("Mindestzahl der Turniere"),
    "planned": lambda: _("Geplante Turniere"),
}
"""A series' settings as the German words name them (the engine's params name the field)."""


def _setting(name: str) -> str:
    """Return a setting's German name (an unknown one as the engine named it)."""
    words = SETTINGS.get(name)
    return words() if words else name


SERIES: dict[str, Callable[[Params], str]] = {
    # Its rules for points (series.engine).
    "series_setting_bounds": lambda p: _(
        "%(setting)s: eine ganze Zahl von %(low)s bis %(high)s.",
        setting=_setting(str(p["setting"])),
        low=p["low"],
        high=p["high"],
    ),
    "series_counted_over_planned": lambda p: _(
        "Es können nicht die besten %(counted)s Turniere zählen, wenn %(planned)s geplant sind.",
        counted=p["counted"],
        planned=p["planned"],
    ),
    "series_scoring_pairs": lambda p: _(
        "Ein Paarturnier hat keine eigenen Punkte: diese Serie wertet die Punkte der Turniere."
    ),
}
"""The German words of the series' refusals."""
