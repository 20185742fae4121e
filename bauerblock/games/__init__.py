"""The games a sheet can keep, one folder a game (engine/plugins.py says what a folder holds
and how each layer finds its part); `init_app` serves each registered game's templates and
static files with the pages' and registers its refusals' words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bauerblock.engine.plugins import registered

if TYPE_CHECKING:
    from flask import Flask


def init_app(app: Flask) -> None:
    """Let the pages find every registered game's partials and its static files, and every
    face its refusals' words (after the web layer's set-up)."""
    # Imported here: the engine loads this package with a game's rules, and never Flask.
    from flask import Blueprint

    from bauerblock.web import pages, refusals

    for game in registered().values():
        refusals.register(refusals.GAMES[game.name])
        templates = Blueprint(f"game_{game.name}", game.package, template_folder="templates")
        app.register_blueprint(templates)
        if (game.folder / "static").is_dir():
            pages.bp.add_static_folder(game.folder / "static")
