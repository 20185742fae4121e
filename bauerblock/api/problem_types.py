"""GET /api/v1/problems/{reason}: what a problem's `type` URI names (api.problems)."""

from flask import abort
from flask.views import MethodView
from marshmallow import fields
from werkzeug.exceptions import default_exceptions

from bauerblock.api.blueprint import Blueprint, path
from bauerblock.api.openapi import Answer
from bauerblock.api.problems import problem_type
from bauerblock.api.reasons import reason_field, reasons

blp = Blueprint(
    "problems", __name__, url_prefix="/api/v1", description="Problem types: every reason"
)


class ProblemTypeSchema(Answer):
    """A kind of problem: its reason, the status it answers with, and what it means."""

    type = fields.String(required=True, metadata={"example": "/api/v1/problems/sheet_full"})
    reason = reason_field()
    status = fields.Integer(required=True, metadata={"description": "The HTTP status"})
    title = fields.String(required=True, metadata={"description": "The HTTP status's name"})
    meaning = fields.String(
        required=True,
        metadata={"description": "What it means, in English ({placeholders} as the words say)"},
    )


@blp.route("/problems/<reason>", parameters=[path("reason", "A problem's reason")])
class ProblemType(MethodView):
    @blp.response(200, ProblemTypeSchema)
    @blp.refuses(404)
    @blp.doc(operationId="getProblemType")
    def get(self, reason):
        """Describe the problem a `type` URI names: its status and what it means.

        Public. Every reason of the `Reason` enum has one, the same for every client.
        """
        if reason not in reasons():
            abort(404)
        status, meaning = reasons()[reason]
        return {
            "type": problem_type(reason),
            "reason": reason,
            "status": status,
            "title": default_exceptions[status]().name,
            "meaning": meaning,
        }
