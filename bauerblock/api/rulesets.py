"""GET /api/v1/rulesets: every preset of every game."""

from flask.views import MethodView

from bauerblock.api.answers import RuleSetSchema
from bauerblock.api.blueprint import Blueprint
from bauerblock.engine.games import GAMES

blp = Blueprint("rulesets", __name__, url_prefix="/api/v1", description="Rule presets")


@blp.route("/rulesets")
class RuleSets(MethodView):
    @blp.response(200, RuleSetSchema(many=True))
    @blp.doc(operationId="listRulesets")
    def get(self):
        """List every preset of every game with its resolved options.

        Each preset is a named rule set (docs/rules.md) with every option it resolves to; the
        first of a game is its default. The list is the same for every client and changes only
        with a new release.
        """
        return [
            {"name": name, "game": game, "default": index == 0, "options": rules.to_dict()}
            for game, module in GAMES.items()
            for index, (name, rules) in enumerate(module.PRESETS.items())
        ]
