"""Public reads that carry a token: one behaviour everywhere (docs/api.md, "Tokens").

Every `GET` of a sheet (its games, statistics and export), a tournament (its draws, players
and export) or a group is public. One that sends `Authorization` anyway has it checked, as a
write's is: no bearer token in it answers 401, a token that writes nothing of what is read
403 (the sheet's own; at a tournament's table also the tournament's; the tournament's; the
group's). A client learns that its token is wrong when it reads, not at its next write, and
an organiser never takes a copy without the tables' tokens for the organiser's view.
"""

from apispec import APISpec
from flask import request
from flask_smorest import abort

from bauerblock import store
from bauerblock.api import tournament_access as access
from bauerblock.api.blueprint import ERROR_CONTENT
from bauerblock.store import groups, tournaments

OWN_TOKENS = frozenset({"tournaments.TournamentTable"})
"""The reads that take a token of their own kind (a table's card) and check it themselves."""


def check() -> None:
    """Refuse a public read of the API whose Authorization is no token of what it reads."""
    if request.method not in ("GET", "HEAD") or "Authorization" not in request.headers:
        return
    if not request.path.startswith("/api/v1/") or request.endpoint in OWN_TOKENS:
        return
    args = request.view_args or {}
    if not {"sheet_id", "tournament_id", "group_id"} & set(args):
        return  # nothing of anyone's: the rule sets, a problem type
    token = access.bearer()
    if token is None:
        abort(
            401,
            message="Authorization holds no bearer token: send a token of what you read as "
            "Authorization: Bearer <edit_token>, or no Authorization to read as anyone.",
            headers={"WWW-Authenticate": 'Bearer realm="bauerblock"'},
        )
    assert token is not None  # abort raised above (flask_smorest is untyped: mypy cannot tell)
    if _knows(args, token) is False:
        abort(403, message="This token writes nothing of what is read: send the right one or none.")


def _knows(args: dict, token: str) -> bool | None:
    """Tell whether `token` writes what the path names (None: it names nothing there is,
    which the view answers with its 404)."""
    db = store.get_db()
    if "tournament_id" in args:
        return tournaments.check_token(db, args["tournament_id"], token)
    if "group_id" in args:
        group = groups.load_group(db, args["group_id"])
        return None if group is None else groups.check_group_token(group, token)
    sheet = store.load_head(db, args["sheet_id"])
    if sheet is None:
        return None
    if store.check_token(sheet, token):
        return True
    place = sheet.tournament
    return place is not None and tournaments.check_token(db, place["id"], token)


READ_401 = "Authorization was sent but holds no bearer token: send a token of what is read, or none"
READ_403 = "The token writes nothing of what is read (its own, or at a table its tournament's)"
OWNED = ("{sheet_id}", "{tournament_id}", "{group_id}")


def document(spec: APISpec) -> None:
    """Declare the 401 and 403 of every public read of someone's thing (`check`)."""
    for path, operations in spec._paths.items():  # apispec keeps the paths there
        read = operations.get("get")
        if read is None or read.get("security") != [] or not any(p in path for p in OWNED):
            continue
        answers = read.setdefault("responses", {})
        answers.setdefault("401", {"description": READ_401, "content": ERROR_CONTENT})
        answers.setdefault("403", {"description": READ_403, "content": ERROR_CONTENT})
