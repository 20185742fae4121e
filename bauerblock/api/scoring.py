"""Stateless scoring: POST /api/v1/<game>/score."""

from flask import jsonify
from flask.views import MethodView

from bauerblock.api.blueprint import Blueprint
from bauerblock.api.games.bauerchen import BauerchenOutcomeSchema, BauerchenScoreSchema
from bauerblock.api.games.bolachen import BolachenOutcomeSchema, BolachenScoreSchema
from bauerblock.engine import bauerchen, bolachen
from bauerblock.engine.teams import Points

blp = Blueprint("scoring", __name__, url_prefix="/api/v1", description="Score one game")


@blp.route("/bauerchen/score")
class BauerchenScore(MethodView):
    @blp.arguments(BauerchenScoreSchema)
    @blp.response(200, BauerchenOutcomeSchema)
    @blp.doc(operationId="scoreBauerchen")
    def post(self, request):
        """Score one game of Bauerchen from the round score before it.

        Stateless: nothing is stored. Give the game as a sheet's entry would be given, optionally
        with the rules and the round score before it; the answer is the game's points, the round
        score after it and whether the round is over.
        """
        rules = bauerchen.resolve_rules(request.pop("rules", None))
        before = request.pop("score_before", {})
        game = bauerchen.parse_game(request, rules)
        outcome = bauerchen.score(game, rules, Points(before.get("A", 0), before.get("B", 0)))
        return answer(outcome)


@blp.route("/bolachen/score")
class BolachenScore(MethodView):
    @blp.arguments(BolachenScoreSchema)
    @blp.response(200, BolachenOutcomeSchema)
    @blp.doc(operationId="scoreBolachen")
    def post(self, request):
        """Score one deal of Bolachen: points by seat (soft) or cents (hard).

        Stateless: nothing is stored. Give the deal as a sheet's entry would be given, optionally
        with the rules; the answer is what each seat wins or pays for this deal alone.
        """
        rules = bolachen.resolve_rules(request.pop("rules", None))
        return answer(bolachen.score(bolachen.parse_game(request, rules), rules))


def answer(outcome):
    """Send an outcome as it is: its dict is the documented shape already."""
    # flask-smorest passes a Response through; dumping the dict again through the
    # marshmallow schema would only copy it (the fuzz tests check it against the schema).
    return jsonify(outcome.to_dict())
