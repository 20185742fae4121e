"""Bolachen's refusals' words, by code: German, their English in the catalogue. The app
registers them once with every game's (`web.refusals.GAMES`)."""

from flask_babel import gettext as _

from bauerblock.web.refusals import Words

WORDS: dict[str, Words] = {
    # Its entry (rules/game.py).
    "bid_unknown": lambda p: _(
        "%(contract)s mit Trumpf %(trump)s ist kein Bolachen-Spiel.",
        contract=repr(p["contract"]),
        trump=repr(p["trump"]),
    ),
    "bolachen_field_unknown": lambda p: _(
        "Unbekanntes Feld „%(field)s“ im Bolachen-Spiel.", field=p["field"]
    ),
    "contract_unknown": lambda p: _(
        "Das Spiel ist „brand“, „bettel“ oder „mord“, nicht %(contract)s.",
        contract=repr(p["contract"]),
    ),
    "declarer_seat": lambda p: _(
        "Der Spieler ist der Platz, der gespielt hat: 0, 1 oder 2, nicht %(declarer)s.",
        declarer=repr(p["declarer"]),
    ),
    "tricks_or_won": lambda p: _(
        "Gib genau eins an: die Stiche des Spielers (0 bis 10) oder ob er gewonnen hat."
    ),
    "tricks_range": lambda p: _(
        "Der Spieler hat 0 bis %(most)s Stiche, nicht %(tricks)s.",
        most=p["most"],
        tricks=repr(p["tricks"]),
    ),
    "trump_missing": lambda p: _(
        "Ein Brand braucht seinen Trumpf: Herz, Schellen, Gras oder Eichel."
    ),
    "trump_not_allowed": lambda p: _(
        "Ein %(contract)s wird ohne Trumpf gespielt.", contract=p["contract"]
    ),
    "trump_unknown": lambda p: _(
        "Trumpf ist Herz, Schellen, Gras oder Eichel, nicht %(trump)s.", trump=repr(p["trump"])
    ),
    "won_not_bool": lambda p: _("Ob das Spiel gewonnen ist, heißt ja oder nein."),
    # Its sheet and its rules (rules/sheet.py, rules/game.py).
    "evening_ended": lambda p: _(
        "Der Abend ist mit Spiel %(n)s zu Ende: dort wurde das Limit von %(limit)s erreicht. "
        "Ändere oder lösche ein Spiel, um weiterzuspielen.",
        n=p["ended_at"],
        limit=p["limit"],
    ),
    "limit_range": lambda p: _("Das Limit geht von 0 (keins) bis %(most)s.", most=p["most"]),
    "mord_pays_five_soft": lambda p: _(
        "„Mord zahlt fünf“ gilt nur beim harten Zählen: gib auch einen Tarif an."
    ),
    "tariff_range": lambda p: _(
        "Der Tarif ist Cent je Einheit beim harten Zählen: von 1 bis %(most)s, oder leer "
        "beim weichen.",
        most=p["most"],
    ),
}
"""The words of Bolachen's refusals, by code."""
