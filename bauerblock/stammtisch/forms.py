"""Reading the Stammtisch forms: a new group, a new roster player, the seats of an evening.

What a form cannot express is refused here with a message for its field; the store judges
the rest (a name twice, a full roster) and its refusal is shown beside the form.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext as _

from bauerblock.engine.digits import whole
from bauerblock.engine.games import GAMES
from bauerblock.engine.names import clean_name
from bauerblock.store.groups import MAX_GROUP_NAME, MAX_ROSTER
from bauerblock.store.sheets import MAX_NAME
from bauerblock.web.lists import list_message, read_list


def read_group(form: Mapping[str, str]) -> tuple[str, list[str], dict[str, str]]:
    """Return a new group's name and roster (one name a line), and a message per faulty field."""
    errors = {}
    name = clean_name(form.get("name", ""))
    if not name:
        errors["name"] = _("Wie heißt euer Stammtisch?")
    elif len(name) > MAX_GROUP_NAME:
        errors["name"] = _("Höchstens %(n)s Zeichen.", n=MAX_GROUP_NAME)
    players, refusal = read_list(
        form.get("players", ""), most=MAX_ROSTER, longest=MAX_NAME, unique=True
    )
    if refusal is not None:
        errors["players"] = list_message(refusal, MAX_ROSTER, MAX_NAME)
    return name, players, errors


def read_player(form: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """Return the name of a player to put on the roster, and a message if it is faulty."""
    name = clean_name(form.get("new_player", ""))
    if not name:
        return name, {"new_player": _("Gib einen Namen ein.")}
    if len(name) > MAX_NAME:
        return name, {"new_player": _("Höchstens %(n)s Zeichen.", n=MAX_NAME)}
    return name, {}


def read_seats(form: Mapping[str, str], game: str) -> tuple[list[int | str], dict[str, str]]:
    """Return each seat's roster number (or a new name typed instead), and messages.

    A name typed for a seat wins over the player picked there.
    """
    if game not in GAMES:
        return [], {}
    seats: list[int | str] = []
    errors = {}
    for seat in range(GAMES[game].SEATS):
        typed = clean_name(form.get(f"player{seat}", ""))
        picked = form.get(f"seat{seat}", "")
        if typed:
            seats.append(typed)
        elif (number := whole(picked)) is not None:
            seats.append(number)
        else:
            errors[f"seat{seat}"] = _("Wähle einen Spieler oder gib einen neuen Namen ein.")
    return seats, errors
