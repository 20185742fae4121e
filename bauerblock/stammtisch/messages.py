"""The store's refusals of roster changes in the reader's language (as scoresheet.messages)."""

from __future__ import annotations

import re

from flask_babel import get_locale
from flask_babel import gettext as _

from bauerblock.engine.errors import RuleError
from bauerblock.scoresheet.messages import Rewrite, player_message

_GERMAN: tuple[tuple[re.Pattern[str], Rewrite], ...] = (
    (
        re.compile(r"A player sits on one seat only: (.+) is on two\."),
        lambda m: _("Jeder sitzt nur auf einem Platz: %(names)s sitzt zweimal.", names=m[1]),
    ),
    (
        re.compile(r"No one on the roster has number (\d+)\."),
        lambda m: _("Niemand auf der Liste hat die Nummer %(n)s.", n=m[1]),
    ),
    (
        re.compile(r"(.+) is on the roster already, as number (\d+)\."),
        lambda m: _("%(name)s steht schon auf der Liste (Nummer %(n)s).", name=m[1], n=m[2]),
    ),
    (
        re.compile(r"The roster is full: at most (\d+) players\."),
        lambda m: _("Die Liste ist voll: höchstens %(n)s Spieler.", n=m[1]),
    ),
    (
        re.compile(r"This Idempotency-Key was already used for a different request: .*"),
        lambda m: _(
            "Dieses Formular wurde schon mit anderen Angaben gesendet: lade die Seite neu."
        ),
    ),
)


def group_message(error: Exception) -> str:
    """Return a refusal of the store (a RuleError or a RosterConflict) as a sentence."""
    if str(get_locale()) == "de":
        for pattern, rewrite in _GERMAN:
            match = pattern.fullmatch(str(error))
            if match:
                return rewrite(match)
    return player_message(error) if isinstance(error, RuleError) else str(error)
