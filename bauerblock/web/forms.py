"""The form of a new sheet (game, players, first dealer, title, rules), shared by the start
page, a Stammtisch's new evening and, for its rules, a new tournament. What it knows of each
game is in its folder's start.py (web.games.STARTS)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from bauerblock.engine.digits import whole
from bauerblock.engine.games import GAMES
from bauerblock.engine.names import clean_name
from bauerblock.services.sheets import NewSheet
from bauerblock.store.sheets import MAX_NAME, MAX_TITLE
from bauerblock.web.games import STARTS


def new_key() -> str:
    """Return a fresh idempotency key for a form shown: a form sent twice writes once."""
    return uuid.uuid4().hex


def posted_key(form: Mapping[str, str]) -> str | None:
    """Return the form's idempotency key (None: it sends none); the store checks it."""
    # A key unlike the pages' is refused by the store (store.errors.BadKey): a broken form.
    return form.get("key") or None


def game_names() -> dict[str, str]:
    """Return the games' own names, the same in every language (each game's `StartGame`)."""
    return {game: start.name for game, start in STARTS.items()}


def game_choices() -> tuple[str, ...]:
    """Return every game the start form offers, in the order it offers them (the games
    registered now: a game registered after import is offered too)."""
    return tuple(game for game in STARTS if game in GAMES)


def default_game() -> str:
    """Return the game a form naming none (or an unknown one) starts with: the first."""
    return game_choices()[0]


def chosen_game(values: Mapping[str, str]) -> str:
    """Return the game a new-sheet form (or its game switch) names, else the first one."""
    game = values.get("game", "")
    return game if game in game_choices() else default_game()


def read_new_sheet(form: MultiDict[str, str]) -> tuple[NewSheet | None, dict[str, str]]:
    """Return the new sheet's settings, or None and a message per faulty field."""
    errors: dict[str, str] = {}
    game = form.get("game") or default_game()
    if game not in game_choices():
        errors["game"] = _("Unbekanntes Spiel.")
    seats = GAMES[game].SEATS if game in GAMES else 4
    players = []
    for seat in range(seats):
        name = clean_name(form.get(f"player{seat}", ""))
        if len(name) > MAX_NAME:
            errors[f"player{seat}"] = _("Höchstens %(n)s Zeichen.", n=MAX_NAME)
        players.append(name)
    read = whole(form.get("first_dealer", "0"))
    first_dealer = -1 if read is None else read
    if not 0 <= first_dealer < seats:
        errors["first_dealer"] = _("Wähle, wer zuerst gibt.")
    title = clean_name(form.get("title", ""))
    if len(title) > MAX_TITLE:
        errors["title"] = _("Höchstens %(n)s Zeichen.", n=MAX_TITLE)
    rules = read_rules(form, game, errors) if game in GAMES else {}
    if errors:
        return None, errors
    return NewSheet(game, players, first_dealer, rules, title or None), {}


def read_rules(form: Mapping[str, str], game: str, errors: dict[str, str]) -> dict[str, Any]:
    """Return the rule set the form names for `game` (a preset and options); note errors."""
    if game not in STARTS:
        return {}
    presets = GAMES[game].PRESETS
    preset = form.get("preset") or next(iter(presets))
    if preset not in presets:
        errors["preset"] = _("Unbekanntes Regelwerk.")
        return {}
    return {"preset": preset, **STARTS[game].read_rules(form, preset, errors)}
