"""The Blueprint every API resource uses: bad JSON is bad input like any other (422)."""

import flask_smorest
from webargs.flaskparser import FlaskParser, abort


class Parser(FlaskParser):
    """webargs' parser, refusing a body that is not JSON with 422 instead of 400."""

    def _handle_invalid_json_error(self, error, req, *args, **kwargs):
        abort(422, exc=error, messages={"json": ["The body is not valid JSON."]})


class Blueprint(flask_smorest.Blueprint):
    """A flask-smorest Blueprint with the project's parser."""

    ARGUMENTS_PARSER = Parser()
