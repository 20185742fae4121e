"""The Blueprint every API resource uses: bad JSON is bad input like any other (422)."""

import json

import flask_smorest
from webargs import core
from webargs.flaskparser import FlaskParser, abort

# What each refusal means, as the OpenAPI document says it; every one has the Error body.
REFUSALS = {
    401: "No edit token: send `Authorization: Bearer <edit_token>`",
    403: "The token is not this sheet's edit token",
    404: "No such sheet",
    409: "The state forbids this step now; `message` says why",
    412: "If-Match names an older version of the sheet: reload it",
    413: "The body is larger than the limit (64 KiB unless configured otherwise)",
    422: "The input is refused; `message` says why in words a person can act on",
    429: "Too many requests from this address for now; try again after Retry-After",
}

RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before trying again",
        "required": True,
        "schema": {"type": "integer", "minimum": 1},
    }
}


class Parser(FlaskParser):
    """webargs' parser, refusing a body that is not JSON with 422 instead of 400."""

    def _raw_load_json(self, req):
        try:
            data = super()._raw_load_json(req)
            if data is not core.missing:
                json.dumps(data, ensure_ascii=False).encode()
        except RecursionError:
            abort(422, messages={"json": ["The body is nested too deeply."]})
        except UnicodeEncodeError:
            # "\ud800" parses to a lone surrogate, which no UTF-8 text (nor SQLite) holds.
            abort(422, messages={"json": ["The body has a string that is not Unicode text."]})
        return data

    def _handle_invalid_json_error(self, error, req, *args, **kwargs):
        abort(422, exc=error, messages={"json": ["The body is not valid JSON."]})


class Blueprint(flask_smorest.Blueprint):
    """A flask-smorest Blueprint with the project's parser and documented refusals."""

    ARGUMENTS_PARSER = Parser()

    def arguments(self, schema, *args, **kwargs):
        """Parse a request's arguments with `schema`, one instance for every request."""
        # Given a class, webargs makes an instance per request, and marshmallow deep-copies
        # every field (and each nested schema's) to build it: most of a small request's cost.
        if isinstance(schema, type):
            schema = schema()
        return super().arguments(schema, *args, **kwargs)

    def refuses(self, *codes: int, **described: str):
        """Document the refusals an operation may answer with, each with the Error body.

        `described` overrides a description, keyed `e404` and so on.
        """

        def decorator(func):
            # alt_response decorators list the last applied first: apply in reverse order.
            for code in sorted(codes, reverse=True):
                func = self.alt_response(
                    code,
                    schema="Error",
                    description=described.get(f"e{code}", REFUSALS[code]),
                    headers=RETRY_AFTER if code == 429 else None,
                )(func)
            return func

        return decorator
