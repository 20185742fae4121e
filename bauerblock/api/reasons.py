"""The `reason` of every refusal: a stable code a client keys on, beside the words; and
GET /api/v1/problems/{reason}, what a problem's `type` URI names (api.problems).

A refusal of the engine or the store (engine.errors.Refusal) answers with its own code;
what flask-smorest, webargs or werkzeug refuse answers with a fixed one (HTTP_REASONS, or
the status's name in snake_case). The codes the engine and the store raise are read from
their source (engine.codes), so the document lists them all without a second list to keep
in step.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from flask import abort
from flask.views import MethodView
from marshmallow import fields, validate
from werkzeug.exceptions import HTTPException, default_exceptions

from bauerblock.api.blueprint import Blueprint, path
from bauerblock.api.openapi import Answer
from bauerblock.api.problems import TYPES, problem_type
from bauerblock.engine.codes import raised
from bauerblock.web.refusals import source
from bauerblock.web.refusals.statuses import status_of_code

HTTP_REASONS = {
    401: "token_missing",
    403: "token_wrong",
    412: "version_unknown",
    422: "invalid_body",
    500: "internal_error",
}
"""The reason of a refusal that is no Refusal of ours, by status (else the status's name)."""

HTTP_STATUSES = (400, 404, 405, 413, 414, 415, 429, 503)
"""The statuses the API answers with their name as the reason (a bad Host, no route, a
method, a body or an address over the limit, a body of another type, a rate limit, a busy
or failing database): werkzeug's other errors (a teapot, `gone`) it never answers."""

LOCATION_REASONS = {"query": "invalid_query", "headers": "invalid_header"}
"""The reason of a 422 of webargs, by where the refused value was (else `invalid_body`)."""

FIELD_REASONS = {
    # An entry of a game (a sheet's or a stateless score's).
    "home": "team_unknown",
    "card_points": "card_points_teams",
    "result": "result_fields",
    "result.winner": "result_fields",
    "result.band": "band_unknown",
    "solo": "solo_fields",
    "solo.team": "team_unknown",
    "solo.won": "solo_won_not_bool",
    "solo.player": "solo_player_seat",
    "melds": "melds_not_list",
    "melds.team": "meld_fields",
    "melds.kind": "meld_kind_unknown",
    "spritz": "spritz_range",
    "winner": "winner_unknown",
    "declarer": "declarer_seat",
    "contract": "contract_unknown",
    "trump": "trump_unknown",
    "tricks": "tricks_range",
    "won": "won_not_bool",
    "score_before": "round_score_range",
    # A new sheet, its rules and a tournament's format.
    "game": "game_unknown",
    "first_dealer": "first_dealer_seat",
    "title": "text_too_long",
    "rules": "option_type",
    "rules.preset": "preset_unknown",
    "rules.target": "target_range",
    "rules.knoddels_per_stein": "knoddels_per_stein_range",
    "rules.last_trick_bonus": "last_trick_bonus_choice",
    "rules.schneider_free_at": "schneider_free_at_range",
    "rules.round_limit": "round_limit_range",
    "rules.rounds_to_win": "rounds_to_win_bounds",
    "rules.tariff": "tariff_range",
    "rules.limit": "limit_range",
    "rules.strokes": "strokes_range",
    "format": "whole_number_range",
    "format.tiebreak": "tiebreak_unknown",
    "format.kind": "tournament_kind",
    "format.third_place": "pairs_third_place",
}
"""The reason of a body's refused field (its path, list indices left out), where the rules
or the store have a code for it: the code they answer when they judge the field. A path
whose field means another thing in another body (`players`: seats, a roster, a
tournament's list; `name`) has none: `invalid_body`."""
MISSING_REASONS = {"home": "home_missing"}
"""The reason of a required field left out, where it is not the field's own."""
UNKNOWN_REASONS = {
    "rules": "option_unknown",
    "format": "format_unknown_field",
    "card_points": "card_points_teams",
    "result": "result_fields",
    "solo": "solo_fields",
    "melds": "meld_fields",
}
"""The reason of a field that the object around it does not name (marshmallow's
"Unknown field."), by that object's path."""
MISSING = "Missing data for required field."
UNKNOWN = "Unknown field."


Path = tuple[str | int, ...]
"""Where a refused field stands in a request: its keys, a list's index as a number."""


def refused(errors: object, path: Path = ()) -> Iterator[tuple[Path, str]]:
    """Yield (path, words) of each message of marshmallow's errors, nested as the request
    is (webargs' `json` and marshmallow's `_schema` name no field: left out of the path)."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            yield from refused(value, path if key in ("json", "_schema") else (*path, key))
    elif isinstance(errors, list):
        for item in errors:
            yield from refused(item, path)
    else:
        yield path, str(errors)


def body_reason(errors: object) -> str | None:
    """Return the reason of a body's first refused field that has one (FIELD_REASONS), if
    any: `errors` are marshmallow's messages, nested as the body is."""
    return next(filter(None, (_field_reason(path, words) for path, words in refused(errors))), None)


def _field_reason(path: Path, words: str) -> str | None:
    """Return the reason of one message of the field at `path`, list indices left out."""
    named = tuple(str(step) for step in path if not isinstance(step, int))
    if not named:
        return None
    if words == UNKNOWN:
        return UNKNOWN_REASONS.get(".".join(named[:-1]))
    if words == MISSING and ".".join(named) in MISSING_REASONS:
        return MISSING_REASONS[".".join(named)]
    return FIELD_REASONS.get(".".join(named)) or FIELD_REASONS.get(".".join(named[:-1]))


def http_reason(error: HTTPException, errors: object = None) -> str:
    """Return the reason of an HTTP error: a refused field's own (body_reason), else a fixed
    one (HTTP_REASONS, LOCATION_REASONS), else the status's name (e.g. `not_found`).

    `errors` are webargs' validation errors by location (`{"query": {...}}`), if any.
    """
    code = error.code or 500
    if code == 422 and isinstance(errors, dict) and len(errors) == 1:
        (location,) = errors
        if location in LOCATION_REASONS:
            return LOCATION_REASONS[location]
        if location == "json":
            return body_reason(errors["json"]) or HTTP_REASONS[code]
    return HTTP_REASONS.get(code) or re.sub(r"[^a-z0-9]+", "_", (error.name or "error").lower())


FIXED_MEANINGS = {
    "token_missing": "No edit token: send `Authorization: Bearer <edit_token>`.",
    "token_wrong": "The token is not the edit token of this sheet, tournament or group.",
    "version_unknown": "If-Match names no version this resource ever had.",
    "invalid_body": (
        "The body is no JSON of the operation's schema; `errors.json` says where (a refused "
        "field the rules have a code for answers that code instead)."
    ),
    "internal_error": "The service failed; nothing was changed. Try again later.",
    "invalid_query": "A query parameter is refused; `errors.query` says which.",
    "invalid_header": "A header is refused; `errors.headers` says which.",
}
"""The meaning of each fixed reason (HTTP_REASONS, LOCATION_REASONS)."""


PIPE = "\\|"
"""A `|` within a cell of a Markdown table."""


@cache
def reasons() -> dict[str, tuple[int, str]]:
    """Return every reason the API can answer, with its status and meaning: the codes of the
    rules and the store (their English words, from the catalogue), the fixed ones, and the
    status names of the other HTTP errors it can answer (HTTP_STATUSES)."""
    table = {code: (int(status_of_code(code)), source.english()[code]) for code in raised()}
    table |= {reason: (status, FIXED_MEANINGS[reason]) for status, reason in HTTP_REASONS.items()}
    table |= {reason: (422, FIXED_MEANINGS[reason]) for reason in LOCATION_REASONS.values()}
    for status in HTTP_STATUSES:
        kind = default_exceptions[status]
        table.setdefault(http_reason(kind()), (status, kind.description or kind().name))
    return dict(sorted(table.items()))


def reasons_table() -> str:
    """Return every reason as the Markdown table of docs/api.md ("Every reason")."""
    lines = ["| reason | status | meaning |", "|---|---|---|"]
    for reason, (status, meaning) in reasons().items():
        words = meaning.replace("|", PIPE)
        lines.append(f"| `{reason}` | {status} | {words} |")
    return "\n".join(lines)


def described() -> str:
    """Return the description of the `reason` field: what it is, and every code."""
    fixed = ", ".join(f"`{reason}` ({status})" for status, reason in HTTP_REASONS.items())
    fixed += ", " + ", ".join(
        f"`{reason}` (422, the {where})" for where, reason in LOCATION_REASONS.items()
    )
    lines = [
        "A stable code for the refusal, in snake_case: key on it, not on `message`, whose "
        "words may change. An open set: v1 may add codes, so a client keeps a default for "
        'one it does not know (every known one is in docs/api.md, "Every reason"). '
        "A refusal of the rules or of the store's state has its own "
        "code, and so has a field of the body that the rules have a code for (a missing "
        "`declarer`: `declarer_seat`, an unknown rule option: `option_unknown`; the first "
        "such field's); any other refusal of the request's form has a fixed one: "
        f"{fixed}, else the status's name (`not_found`, `method_not_allowed`, "
        "`request_entity_too_large`, `too_many_requests`, ...). The codes of the rules and "
        "the state, each with the English words `message` carries ({placeholders} filled):",
        "",
    ]
    lines += [f"- `{code}`: {words}" for code, words in source.english().items()]
    return "\n".join(lines)


TYPE_DESCRIPTION = (
    f"A URI reference naming the kind of problem, one per reason: `{TYPES}<reason>` "
    "(relative to this service), which answers a problem document describing it"
)
TITLE_DESCRIPTION = "The HTTP status's name: the same for every problem of one `type`"
DETAIL_DESCRIPTION = (
    "What was refused and why, in words a person can act on: German if Accept-Language "
    "asks for it (`de`), else English"
)


def reason_field() -> fields.String:
    """Return the `reason` field of an error answer: an open set of codes (a string, the
    known ones listed in its description and in docs/api.md), so that a code added within
    v1 breaks no generated client."""
    return fields.String(
        required=True,
        validate=validate.Regexp(r"^[a-z0-9]+(_[a-z0-9]+)*$"),
        metadata={"description": described(), "example": "meld_past_target"},
    )


def errors_field() -> fields.Dict:
    """Return the `errors` field of an error answer (only on a 422), described."""
    return fields.Dict(
        metadata={
            "optional": True,
            "description": (
                "What was refused, by where: `json` (the body), `query`, `headers`; each maps "
                "the refused field (nested as in the request) to its messages, and `_schema` "
                "holds the messages that belong to no one field (a refusal of the rules: its "
                "words). Only on a 422."
            ),
            "example": {"json": {"_schema": ["Game 1: Team A cannot have taken 5 card points."]}},
        }
    )


class RefusalSchema(Answer):
    """An error answer of v1 (`application/json`): the status, the words, the reason."""

    type = fields.String(required=True, metadata={"description": TYPE_DESCRIPTION})
    title = fields.String(required=True, metadata={"description": TITLE_DESCRIPTION})
    code = fields.Integer(required=True, metadata={"description": "The HTTP status"})
    status = fields.String(
        required=True, metadata={"description": "The HTTP status's name", "example": "Conflict"}
    )
    message = fields.String(
        required=True, metadata={"description": "What was refused and why, in English words"}
    )
    detail = fields.String(required=True, metadata={"description": DETAIL_DESCRIPTION})
    reason = reason_field()
    errors = errors_field()


class ProblemSchema(Answer):
    """An error answer as RFC 9457 says it (`application/problem+json`)."""

    type = fields.String(required=True, metadata={"description": TYPE_DESCRIPTION})
    title = fields.String(required=True, metadata={"description": TITLE_DESCRIPTION})
    status = fields.Integer(required=True, metadata={"description": "The HTTP status"})
    detail = fields.String(required=True, metadata={"description": DETAIL_DESCRIPTION})
    instance = fields.String(
        required=True,
        metadata={"description": "The path the request asked for", "example": "/api/v1/sheets"},
    )
    reason = reason_field()
    errors = errors_field()


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
