"""Every refusal's words, by its code: German, their English in the catalogue.

Every refusal carries a stable code and its parameters (engine.errors.Refusal); its words
stand once, in the table of the code's owner: the framework's here - STEPS (the store's
bounds, a tournament's steps of every kind, a group's roster), ENTRIES (every game's entry,
a sheet's rules and a sheet), LISTS (the tournaments' and the groups' lists, names) - and
each plug-in's in its folder: a game's `words.WORDS` (`GAMES`), a kind's `Kind.words`, the
series' bauerblock/series/words.py. The app registers each plug-in's table once. A table's
entry says the words in German through flask-babel's gettext; the catalogue (translations/en)
holds their English, which the API answers as its `message` and the English pages show.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from flask_babel import force_locale
from flask_babel import gettext as _

from bauerblock.engine.errors import GameError, Refusal
from bauerblock.engine.plugins import Parts
from bauerblock.web.refusals.entries import ENTRIES
from bauerblock.web.refusals.lists import LISTS
from bauerblock.web.refusals.params import Params

Words = Callable[[Params], str]
"""A refusal's words: its German through gettext, filled from its params."""

STEPS: dict[str, Words] = {
    # The store's bounds (store.sheets.MAX_GAMES, store.idempotency's keys).
    "sheet_full": lambda p: _("Dieser Block ist voll: höchstens %(n)s Spiele.", n=p["limit"]),
    "idempotency_key_invalid": lambda p: _(
        "Das Formular ist beschädigt: lade die Seite neu und versuch es noch einmal."
    ),
    "create_key_too_short": lambda p: _(
        "Ein Schlüssel, der etwas anlegt, hat %(n)s bis 64 Zeichen (zufällig wie eine UUID).",
        n=p["shortest"],
    ),
    "idempotency_conflict": lambda p: _(
        "Dieses Formular wurde schon mit anderen Angaben geschickt: lade die Seite neu."
    ),
    # A tournament's steps of every kind (engine.tournament, store.errors).
    "tournament_finished": lambda p: _(
        "Das Turnier ist zu Ende (Endstand): nur noch Korrekturen sind möglich."
    ),
    "draw_closed": lambda p: _(
        "Auslosung %(n)s ist abgeschlossen – Korrekturen macht die Turnierleitung.", n=p["draw"]
    ),
    "duplicate_name": lambda p: _(
        "„%(name)s“ ist schon angemeldet (Nr. %(number)s): zwei Gleichnamige "
        "unterscheidet ein Zusatz wie „jun.“ oder eine Initiale.",
        name=p["name"],
        number=p["number"],
    ),
    # A group's roster (store.groups).
    "seat_twice": lambda p: _(
        "Jeder sitzt nur auf einem Platz: %(names)s sitzt zweimal.", names=p["names"]
    ),
    "roster_number_unknown": lambda p: _("Niemand auf der Liste hat die Nummer %(n)s.", n=p["n"]),
    "roster_name_taken": lambda p: _(
        "%(name)s steht schon auf der Liste (Nummer %(n)s).", name=p["name"], n=p["n"]
    ),
    "roster_full": lambda p: _("Die Liste ist voll: höchstens %(n)s Spieler.", n=p["most"]),
    "roster_name_twice": lambda p: _(
        "%(name)s steht zweimal auf der Liste des Stammtischs.", name=p["name"]
    ),
    "group_name_blank": lambda p: _("Der Stammtisch braucht einen Namen."),
    "roster_name_blank": lambda p: _("Ein Spieler der Liste braucht einen Namen."),
    "seat_name_blank": lambda p: _("Ein Spieler braucht einen Namen."),
}
"""The words of the store's bounds, a tournament's steps of every kind and a group's roster,
by code."""

MELDS = frozenset(
    {
        "meld_past_target",
        "melds_too_many",
        "meld_after_round_won",
        "solo_alone",
        "melds_not_list",
        "meld_fields",
        "meld_kind_unknown",
    }
)
"""The refusals that belong beside the melds (a Kart'ab with melds set too, among them)."""

WORDS: dict[str, Words] = {}
"""Every refusal's words, by code: the framework's tables and each registered plug-in's."""

GAMES: Mapping[str, Mapping[str, Words]] = Parts("words", "WORDS")
"""Each registered game's table of its refusals' words (its folder's `words.WORDS`)."""


def register(table: Mapping[str, Words]) -> None:
    """Add a table of words: refuse a code that has words in another table (one place)."""
    for code, words in table.items():
        if WORDS.setdefault(code, words) is not words:
            raise ValueError(f"refusal {code!r} has words in two tables")


register(STEPS)
register(ENTRIES)
register(LISTS)


def player_message(error: Refusal) -> str:
    """Return the refusal as a sentence in the locale's language (a game's named by number);
    a code no table words is shown as the code and its params."""
    cause = error.error if isinstance(error, GameError) else error
    words = WORDS.get(cause.code)
    reason = words(cause.params) if words else str(cause)
    if isinstance(error, GameError):
        return _("Spiel %(number)s: %(reason)s", number=error.number, reason=reason)
    return reason


def english(error: Refusal) -> str:
    """Return the refusal in English, whatever the request's language (the API's `message`)."""
    with force_locale("en"):
        return player_message(error)


def field_of(error: Refusal, submitted: str) -> str:
    """Return the form field a refusal belongs beside: the melds, or what was submitted."""
    return "melds" if error.code in MELDS else submitted
