"""The Preisbauer's refusals' words, by code: German, their English in the catalogue. Its
`Kind` registers them (`Kind.words`)."""

from flask_babel import gettext as _
from flask_babel import ngettext

from bauerblock.web.refusals import Words

WORDS: dict[str, Words] = {
    # Its list (store.py).
    "player_name_blank": lambda p: _("Der Name eines Spielers darf nicht leer sein."),
    "player_name_twice": lambda p: _(
        "„%(name)s“ steht zweimal in der Liste (Nr. %(number)s): zwei Gleichnamige "
        "unterscheidet ein Zusatz wie „jun.“ oder eine Initiale.",
        name=p["name"],
        number=p["number"],
    ),
    "players_not_list": lambda p: _("Die Spieler sind eine Liste von Namen."),
    "players_not_pairs": lambda p: _(
        "Ein Preisbauer meldet Spieler an, keine Paare: für ein Paarturnier wähle die Art „pairs“."
    ),
    # Its format and its steps (engine/).
    "table_round_limit": lambda p: _(
        "Ein Turniertisch spielt die Runden je Auslosung: lass die Rundenzahl in den Regeln weg."
    ),
    "tiebreak_unknown": lambda p: _(
        "Die Wertung bei Gleichstand ist eine von: %(choices)s.", choices=p["choices"]
    ),
    "draws_done": lambda p: ngettext(
        "Die %(n)s geplante Auslosung ist gelost.",
        "Alle %(n)s geplanten Auslosungen sind gelost.",
        p["n"],
        n=p["n"],
    ),
    "draw_still_playing": lambda p: _(
        "Auslosung %(n)s läuft noch: warte, bis jeder Tisch fertig ist, oder beende die Auslosung.",
        n=p["n"],
    ),
    "too_few_players": lambda p: _(
        "Eine Auslosung braucht mindestens %(min)s Spieler; angemeldet sind %(n)s.",
        min=p["least"],
        n=p["n"],
    ),
    "draw_too_few": lambda p: _(
        "Eine Auslosung braucht mindestens %(min)s aktive Spieler, nicht %(n)s.",
        min=p["least"],
        n=p["n"],
    ),
    "draw_player_twice": lambda p: _("Ein Spieler sitzt nur an einem Tisch einer Auslosung."),
    "draw_has_games": lambda p: _(
        "Auslosung %(n)s lässt sich nicht mehr neu losen: ein Tisch hat schon eingetragen.",
        n=p["n"],
    ),
    "redo_not_latest": lambda p: _("Das geht nur mit der letzten Auslosung (%(n)s).", n=p["n"]),
    "end_not_latest": lambda p: _("Beenden geht nur mit der letzten Auslosung (%(n)s).", n=p["n"]),
    "too_many_players": lambda p: _("Ein Turnier hat höchstens %(n)s Spieler.", n=p["most"]),
}
"""The words of the Preisbauer's refusals, by code."""
