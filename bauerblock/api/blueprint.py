"""The Blueprint every API resource uses: bad JSON is bad input like any other (422), and
every operation documents the answers any request may get (405, 413, 414, 429, 503)."""

import json
import weakref

import flask_smorest
import orjson
from marshmallow import Schema
from webargs import core
from webargs.flaskparser import FlaskParser, abort, is_json_request

from bauerblock.api.fastpath import fast
from bauerblock.api.json_provider import fast_loads
from bauerblock.api.problems import JSON, PROBLEM

# What each refusal means, as the OpenAPI document says it; every one has an error body
# (a Problem, or the v1 Refusal: api.problems).
REFUSALS = {
    401: "No edit token: send `Authorization: Bearer <edit_token>`",
    403: "The token is not this sheet's edit token",
    404: "No such sheet",
    405: "The method is not one of this path's: Allow lists those it has",
    409: "The state forbids this step now; `message` says why",
    412: "If-Match names an older version of the sheet (or none it had): reload it",
    413: "The body is larger than the limit (64 KiB unless configured otherwise)",
    414: "The address is longer than 4096 characters",
    415: "The body is not `application/json` (its Content-Type says another type, or none)",
    422: "The input is refused; `message` says why in words a person can act on",
    428: "The request must be conditional: send If-Match with the ETag last read",
    429: "Too many requests from this address for now; try again after Retry-After",
    503: (
        "The database is busy (its write lock held past a few seconds), full or failing, or "
        "the service is restarting: nothing was changed; try again after Retry-After"
    ),
}

RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before trying again",
        "required": True,
        "schema": {"type": "integer", "minimum": 1},
    }
}
ALLOW = {
    "Allow": {
        "description": "The methods this path has, e.g. `GET, HEAD, OPTIONS`",
        "required": True,
        "schema": {"type": "string"},
    }
}
LOCATION = {
    "Location": {
        "description": "The address of what the request made (a group's, for a roster player)",
        "required": True,
        "schema": {"type": "string", "format": "uri"},
    }
}
RATE_LIMIT = {
    "RateLimit-Policy": {
        "description": (
            "The budgets this answer counted against, as the IETF RateLimit fields say: "
            '`"writes-60";q=240;w=60` (at most q requests in w seconds), one item a budget; '
            "absent where the service runs without rate limits"
        ),
        "required": False,
        "schema": {"type": "string"},
    },
    "RateLimit": {
        "description": (
            'What is left of each budget: `"writes-60";r=239;t=42` (r requests in the t '
            "seconds until its window starts again); absent without rate limits"
        ),
        "required": False,
        "schema": {"type": "string"},
    },
}
"""The headers of an answer a rate limit counted (bauerblock.web.guards writes them)."""
CURRENT_ETAG = {
    "ETag": {
        "description": "The current version: read the resource again before deciding anew",
        "required": True,
        "schema": {"type": "string"},
    }
}
HEADERS = {405: ALLOW, 412: CURRENT_ETAG, 429: {**RETRY_AFTER, **RATE_LIMIT}, 503: RETRY_AFTER}
ERROR_CONTENT = {
    JSON: {"schema": {"$ref": "#/components/schemas/Refusal"}},
    PROBLEM: {"schema": {"$ref": "#/components/schemas/Problem"}},
}
"""The bodies of every error answer: the v1 body, or a problem if asked for (first the one a
client that sends no Accept gets: a generated client reads the first it finds)."""

# Any request may meet these: a method the path lacks, a (streamed) body over the limit, an
# address over the limit, a rate limit (a deployment may set a default for every route), and
# a database that is locked, full or failing (web/faults.py) or a service restarting.
EVERY_OPERATION = (405, 413, 414, 429, 503)


def path(name: str, description: str, **schema: object) -> dict:
    """Return the documentation of a path parameter (its schema comes from the URL rule)."""
    parameter: dict[str, object] = {"in": "path", "name": name, "description": description}
    if schema:
        parameter["schema"] = schema
    return parameter


def header(name: str, description: str) -> dict:
    """Return the documentation of a request header an operation reads (a string)."""
    return {"in": "header", "name": name, "description": description, "schema": {"type": "string"}}


REQUIRED_BODIES: "weakref.WeakSet[Schema]" = weakref.WeakSet()
"""The body schemas of operations whose body is required (all but drawNext's)."""


class Parser(FlaskParser):
    """webargs' parser: a body of another media type is refused with 415 (RFC 9110), one
    that is not well-formed JSON with 422 instead of 400."""

    def load_json(self, req, schema):
        if is_json_request(req):
            try:
                # orjson reads only UTF-8 text within its depth: such a body reads as below.
                return fast_loads(req.get_data(cache=True))
            except orjson.JSONDecodeError:
                pass  # the standard library reads it again, to say what is wrong
        elif req.get_data(cache=True):
            abort(415, message="The body must be JSON, sent as Content-Type: application/json.")
        elif schema in REQUIRED_BODIES:
            # No body and no type where one is needed: none is JSON (docs/api.md).
            abort(
                415,
                message="This operation needs a JSON body, sent as Content-Type: "
                "application/json ({} where every field is optional).",
            )
        return super().load_json(req, schema)

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
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise  # webargs answers them (_handle_invalid_json_error)
        except ValueError:
            # Python reads no integer of more than 4300 digits (sys.get_int_max_str_digits).
            abort(422, messages={"json": ["The body has a number of more than 4300 digits."]})
        return data

    def _handle_invalid_json_error(self, error, req, *args, **kwargs):
        abort(422, exc=error, messages={"json": ["The body is not valid JSON."]})


class Blueprint(flask_smorest.Blueprint):
    """A flask-smorest Blueprint with the project's parser and documented refusals."""

    ARGUMENTS_PARSER = Parser()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Runs after flask-smorest's own callbacks, on each operation's finished responses.
        self._prepare_doc_cbks.append(self._document_every_operation)

    @staticmethod
    def _document_every_operation(doc, doc_info, *, spec, **kwargs):
        """Add the answers every operation can give to the operation's documented ones."""
        responses = doc.setdefault("responses", {})
        for code in EVERY_OPERATION:
            responses.setdefault(str(code), _refusal(code, REFUSALS[code]))
        if "requestBody" in doc:
            responses.setdefault("415", _refusal(415, REFUSALS[415]))
        for code, response in responses.items():
            if str(code) == "201":  # flask-smorest keys its own answers by number
                response.setdefault("headers", {}).update(LOCATION)
            # A refusal documented by `refuses` has its words and headers: add its bodies.
            if int(code) >= 400 and isinstance(response, dict):
                response["content"] = ERROR_CONTENT
        # Public unless the operation's own doc names a token (it overrides this).
        doc.setdefault("security", [])
        return doc

    def arguments(self, schema, *args, **kwargs):
        """Parse a request's arguments with `schema`, one instance for every request."""
        # Given a class, webargs makes an instance per request, and marshmallow deep-copies
        # every field (and each nested schema's) to build it: most of a small request's cost.
        if isinstance(schema, type):
            schema = schema()
        if kwargs.get("location", "json") == "json":
            kwargs.setdefault("example", example_of(schema))
            schema = fast(schema)
            if kwargs.get("required", True):
                REQUIRED_BODIES.add(schema)
        return super().arguments(schema, *args, **kwargs)

    def refuses(self, *codes: int, **described: str):
        """Document the refusals an operation may answer with, each with the error bodies.

        `described` overrides a description, keyed `e404` and so on.
        """

        def decorator(func):
            # alt_response decorators list the last applied first: apply in reverse order.
            for code in sorted(codes, reverse=True):
                func = self.alt_response(
                    code,
                    description=described.get(f"e{code}", REFUSALS[code]),
                    headers=HEADERS.get(code),
                )(func)
            return func

        return decorator

    def write_refusals(self, *, e401: str, e403: str, e404: str, **more: str):
        """Return the `refuses` of one kind of resource's writes: no token (401), not its
        token (403), no such resource (404) and too many writes (429), worded once for the
        kind, as are the `more` codes its writes list; each write adds its own codes and
        words (which may reword these)."""

        def refuses(*codes: int, **described: str):
            words = {"e401": e401, "e403": e403, "e404": e404, **more, **described}
            return self.refuses(401, 403, 404, 429, *codes, **words)

        return refuses


def example_of(schema) -> object:
    """Return the example a body schema (or a union's first member) gives in Meta.json_schema."""
    members = getattr(schema, "members", None)
    if members:
        schema = next(iter(members.values()))
    return getattr(getattr(schema, "Meta", None), "json_schema", {}).get("example")


def _refusal(code: int, description: str) -> dict:
    """Return the OpenAPI response of a refusal: the error bodies, and its headers."""
    response = {"description": description, "content": ERROR_CONTENT}
    if code in HEADERS:
        response["headers"] = HEADERS[code]
    return response
