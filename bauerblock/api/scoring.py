"""Stateless scoring: POST /api/v1/<game>/score, for each game whose `ApiGame` has a
`Scoring` (Bauerchen's, Bolachen's)."""

import functools
from typing import Any

from flask import jsonify
from flask.views import MethodView

from bauerblock.api.blueprint import Blueprint
from bauerblock.api.game_schemas import APIS, Scoring

blp = Blueprint("scoring", __name__, url_prefix="/api/v1", description="Score one game")


@functools.cache
def route_games() -> None:
    """Route each game's scoring on the blueprint, once (tests build many apps of it)."""
    for game, api in APIS.items():
        if api.scoring is not None:
            blp.route(f"/{game}/score", endpoint=f"{game.capitalize()}Score")(
                view(game, api.scoring)
            )


def view(game: str, scoring: Scoring) -> type[MethodView]:
    """Return the view scoring one game of `game`: the operation `score<Game>`, in the words
    of `scoring.words` (a summary line, then its description)."""

    def post(self: MethodView, request: dict[str, Any]) -> Any:
        # The outcome's dict is the documented shape already: dumping it again through the
        # schema would only copy it (the fuzz tests check it against the schema).
        return jsonify(scoring.score(request).to_dict())

    post.__doc__ = scoring.words
    documented = blp.doc(operationId=f"score{game.capitalize()}")(post)
    answered = blp.response(200, scoring.answer)(documented)
    asked = blp.arguments(scoring.request)(answered)
    return type(f"{game.capitalize()}Score", (MethodView,), {"post": asked})
