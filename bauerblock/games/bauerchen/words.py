"""Bauerchen's refusals' words, by code: German, their English in the catalogue. The app
registers them once with every game's (`web.refusals.GAMES`)."""

from flask_babel import gettext as _

from bauerblock.web.refusals import Words

WORDS: dict[str, Words] = {
    # Its entry (rules.game).
    "entry_field_unknown": lambda p: _("Unbekanntes Feld „%(field)s“ im Spiel.", field=p["field"]),
    "team_unknown": lambda p: _(
        "%(field)s ist Team „A“ oder „B“, nicht %(value)s.",
        field=p["field"],
        value=repr(p["value"]),
    ),
    "band_unknown": lambda p: _("Die Stufe ist „frei“, „schneider“ oder „schwarz“."),
    "card_points_sum": lambda p: _(
        "Die Augen ergeben zusammen %(total)s: %(a)s + %(b)s = %(sum)s.",
        total=p["total"],
        a=p["a"],
        b=p["b"],
        sum=p["sum"],
    ),
    "card_points_teams": lambda p: _("Gib die Augen von Team A, von Team B oder von beiden an."),
    "home_missing": lambda p: _("Sag, welches Team Haus gespielt hat („A“ oder „B“)."),
    "meld_fields": lambda p: _("Jede Meldung nennt ein Team und ihre Art („20“ oder „40“)."),
    "meld_kind_unknown": lambda p: _(
        "Eine Meldung ist ein 20er oder ein 40er, nicht %(kind)s.", kind=repr(p["kind"])
    ),
    "melds_not_list": lambda p: _("Die Meldungen sind eine Liste aus Team und Art."),
    "play_not_one": lambda p: _("Gib genau eins an: Augen, Ergebnis oder Kart'ab."),
    "result_fields": lambda p: _("Ein Ergebnis nennt den Sieger („A“ oder „B“) und die Stufe."),
    "round_score_range": lambda p: _(
        "Ein Rundenstand geht von 0 bis %(most)s; Team %(team)s hat %(score)s.",
        most=p["most"],
        team=p["team"],
        score=p["score"],
    ),
    "solo_fields": lambda p: _(
        "Ein Kart'ab nennt das Team des Spielers und ob er gewonnen ist (und darf seinen "
        "Platz nennen)."
    ),
    "solo_player_seat": lambda p: _(
        "Der Kart'ab-Spieler sitzt in Team %(team)s: Platz %(first)s oder %(second)s, "
        "nicht %(player)s.",
        team=p["team"],
        first=p["first"],
        second=p["second"],
        player=repr(p["player"]),
    ),
    "solo_won_not_bool": lambda p: _("Ob der Kart'ab gewonnen ist, heißt ja oder nein."),
    "spritz_range": lambda p: _(
        "Spritz zählt die Verdopplungen: eine ganze Zahl von 0 bis %(most)s.", most=p["most"]
    ),
    # A game on its sheet, as the pad enters it (rules.game, rules.sheet).
    "meld_past_target": lambda p: _(
        "Team %(team)s käme mit diesem %(kind)ser auf %(reached)s; die Runde endet bei %(target)s.",
        team=p["team"],
        reached=p["reached"],
        kind=p["kind"],
        target=p["target"],
    ),
    "card_points_impossible": lambda p: _(
        "Team %(team)s kann nicht %(points)s Augen haben: eine Partei hat 0 Augen, alle "
        "%(total)s oder mindestens 8 und höchstens %(most)s, und nur Summen, die Stiche "
        "ergeben können.",
        team=p["team"],
        points=repr(p["points"]),
        most=p["most"],
        total=p["total"],
    ),
    "solo_in_decider": lambda p: _("Kein Kart'ab im Gehampelter: ihr spielt „Ledig“."),
    "solo_alone": lambda p: _("Ein Kart'ab zählt allein: ohne Melden und ohne Spritz."),
    "melds_too_many": lambda p: _(
        "Ein Spiel hat höchstens einen 40er und drei 20er.", most=p["most"], kind=p["kind"]
    ),
    "meld_after_round_won": lambda p: _(
        "Team %(team)s hat die Runde schon mit einer Meldung gewonnen; "
        "danach wird nichts mehr gemeldet.",
        team=p["team"],
    ),
    "table_finished": lambda p: _(
        "Tisch fertig: %(n)s Runden gespielt. Ändere oder lösche ein Spiel, um weiterzuspielen.",
        n=p["rounds"],
    ),
    "table_won": lambda p: _(
        "Tisch fertig: %(a)s:%(b)s Runden. Ändere oder lösche ein Spiel, um weiterzuspielen.",
        a=p["a"],
        b=p["b"],
    ),
    # Its rules (rules.rules).
    "knoddels_per_stein_range": lambda p: _(
        "Knoddel je Stein: zwischen %(low)s und %(high)s.", low=p["low"], high=p["high"]
    ),
    "last_trick_bonus_choice": lambda p: _(
        "Der letzte Stich zählt 10 (Lautern) oder 0 (ohne Letzten)."
    ),
    "round_limit_range": lambda p: _(
        "Die Rundenzahl geht von 0 (ohne Grenze) bis %(most)s Runden.", most=p["most"]
    ),
    "rounds_to_win_bounds": lambda p: _(
        "Gewinnrunden: von 0 (keine) bis %(high)s Runden.", high=p["high"]
    ),
    "schneider_free_at_range": lambda p: _(
        "Schneiderfrei liegt zwischen %(low)s und %(high)s, wenn ein Spiel %(total)s Augen hat.",
        low=p["low"],
        high=p["high"],
        total=p["total"],
    ),
    "target_range": lambda p: _(
        "Das Ziel liegt zwischen %(low)s und %(high)s Spielpunkten.", low=p["low"], high=p["high"]
    ),
}
"""The words of Bauerchen's refusals, by code."""
