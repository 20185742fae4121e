"""Stammtisch: a roster kept across evenings, the sheets started from it, its statistics."""

from flask import jsonify, url_for
from flask.views import MethodView
from flask_smorest import abort

from bauerblock import store
from bauerblock.api.answers import CreatedSheetSchema
from bauerblock.api.blueprint import Blueprint, header, path
from bauerblock.api.conditional import end_if_unchanged, quoted
from bauerblock.api.group_schemas import (
    CreatedGroupSchema,
    GroupQuerySchema,
    GroupSchema,
    GroupStatsSchema,
    NewGroupPlayerSchema,
    NewGroupSchema,
    NewGroupSheetSchema,
    RosterPlayerSchema,
)
from bauerblock.api.idempotent import CREATE_IDEMPOTENCY_KEY, IDEMPOTENCY_KEY, REPLAYED, idempotent
from bauerblock.api.paging import LINK, following, paged
from bauerblock.api.sheet_access import bearer_token
from bauerblock.api.sheets import _document, _links
from bauerblock.exports.groups import evening_document
from bauerblock.services import groups as service
from bauerblock.store import groups
from bauerblock.store.errors import GroupNotFound
from bauerblock.web.guards import limited

blp = Blueprint(
    "groups",
    __name__,
    url_prefix="/api/v1",
    description="Stammtisch: the same players over many evenings, and their statistics",
)

GROUP_ID = path("group_id", "The group's id, as createGroup answered it")
IF_NONE_MATCH = header(
    "If-None-Match", "An ETag of the group: answers 304 while neither it nor its evenings changed"
)
ETAG = {
    "ETag": {
        "description": "The group's version: it moves with its roster and its evenings' games",
        "schema": {"type": "string"},
    }
}
SHEET_ETAG = {"ETag": {"description": "The new sheet's version", "schema": {"type": "string"}}}
EDIT_TOKEN: list[dict[str, list[str]]] = [{"editToken": []}]
NO_GROUP = {"e404": "No such group"}
refuses_write = blp.write_refusals(
    e401="No edit token: send `Authorization: Bearer <edit_token>` (the group's)",
    e403="The token is not this group's edit token",
    **NO_GROUP,
)
"""Document a group write's refusals: no token, a wrong one, no group, too many writes."""
E422_SEATS = (
    "The input is refused: an unknown roster number, a player on two seats, the wrong number "
    "of seats, or any refusal of createSheet"
)


THIS_GROUP = {"group_id": "$response.body#/id"}
GROUP_LINKS = {
    op: {"operationId": op, "parameters": THIS_GROUP}
    for op in ("getGroup", "addGroupPlayer", "createGroupSheet", "getGroupStats")
}


@limited("RATELIMIT_SHEETS", "RATELIMIT_NEW_GROUPS")
@blp.route("/groups", parameters=[CREATE_IDEMPOTENCY_KEY])
class Groups(MethodView):
    @idempotent
    @blp.arguments(
        NewGroupSchema,
        example={"name": "Stammtisch Zur Linde", "players": ["Hans", "Grete", "Karl", "Lise"]},
    )
    @blp.response(201, CreatedGroupSchema, headers={**ETAG, **REPLAYED})
    @blp.refuses(413, 429)
    @blp.doc(operationId="createGroup", responses={201: {"links": GROUP_LINKS}})
    def post(self, new):
        """Start a Stammtisch with its roster; the answer shows its edit token, this once.

        The roster's players are numbered in the order given; a number is never used again. The
        edit token in the answer is needed for every write to the group and is never shown again.
        """
        made = service.create_group(store.get_db(), new["name"], new["players"])
        group, token = made.group, made.token
        links = _group_links(group.id, token)
        body = {**_group_document(group), "edit_token": token, "links": links, "next": None}
        tag = quoted(groups.group_etag(group.id, group.version))
        return body, 201, {"ETag": tag, "Location": body["links"]["self"]}


@blp.route("/groups/<group_id>", parameters=[GROUP_ID, IF_NONE_MATCH])
class GroupResource(MethodView):
    @blp.arguments(GroupQuerySchema, location="query")
    @blp.response(200, GroupSchema, headers={**ETAG, **LINK})
    @blp.alt_response(304, description="Not modified since the ETag in If-None-Match", headers=ETAG)
    @blp.refuses(404, **NO_GROUP)
    @blp.doc(operationId="getGroup")
    def get(self, query, group_id):
        """Return the roster and the evenings, newest first, each with its result in a line.

        Public. Answers 304 to an `If-None-Match` naming the current ETag; the group's version
        moves with every write to the group and to any of its evenings. The evenings are
        paged: at most `limit` (50 unless asked, 500 at most) from the `sheets_from`-th newest
        on, and `next` (with the `Link` header) names the next page, null on the last.
        """
        first, count = query["sheets_from"], query["limit"]

        def read() -> groups.GroupPage | None:
            return groups.load_group_page(store.get_db(), group_id, first, count)

        def page(read: groups.GroupPage) -> dict:
            more = following(
                "groups.GroupResource",
                "sheets_from",
                first + count,
                first + count <= read.evenings,
                group_id=group_id,
                limit=count,
            )
            return {**_group_document(read.group), "next": more}

        return _conditional(group_id, page, read)


@limited("RATELIMIT_WRITES")
@blp.route("/groups/<group_id>/players", parameters=[GROUP_ID, IDEMPOTENCY_KEY])
class GroupPlayers(MethodView):
    @idempotent
    @blp.arguments(NewGroupPlayerSchema, example={"name": "Fritz"})
    @blp.response(201, RosterPlayerSchema, headers={**ETAG, **REPLAYED})
    @refuses_write(
        409, 413, e409="The name is on the roster already, or the roster is full (60 players)"
    )
    @blp.doc(operationId="addGroupPlayer", security=EDIT_TOKEN)
    def post(self, new, group_id):
        """Put a player on the roster; the answer is the roster entry with its number.

        Needs the group's edit token. A name already on the roster (compared without case) or a
        full roster is refused (409).
        """
        _authorise(group_id)
        joined = service.add_player(store.get_db(), group_id, new["name"])
        tag = quoted(groups.group_etag(group_id, joined.version))
        # The roster has no address per player: the group's lists it.
        group = url_for("groups.GroupResource", group_id=group_id, _external=True)
        return joined.player.to_dict(), 201, {"ETag": tag, "Location": group}


@limited("RATELIMIT_SHEETS")
@blp.route("/groups/<group_id>/sheets", parameters=[GROUP_ID, IDEMPOTENCY_KEY])
class GroupSheets(MethodView):
    @idempotent
    @blp.arguments(NewGroupSheetSchema)
    @blp.response(201, CreatedSheetSchema, headers={**SHEET_ETAG, **REPLAYED})
    @refuses_write(
        409, 413, 422, e409="A new name would overfill the roster (60 players)", e422=E422_SEATS
    )
    @blp.doc(operationId="createGroupSheet", security=EDIT_TOKEN)
    def post(self, new, group_id):
        """Start an evening of the group: a sheet of roster players, with its own edit token.

        Needs the group's edit token. Seats are roster numbers, or names: a name on the roster is
        that player, a new one joins the roster. The evening is an ordinary sheet with an edit
        token of its own.
        """
        _authorise(group_id)
        started = service.start_evening(store.get_db(), group_id, **new)
        sheet, token = started.sheet, started.token
        links = _links(sheet.id, token)
        body = {**_document(sheet), "edit_token": token, "links": links}
        return body, 201, {"ETag": quoted(store.etag(sheet)), "Location": links["self"]}


@blp.route("/groups/<group_id>/stats", parameters=[GROUP_ID, IF_NONE_MATCH])
class GroupStats(MethodView):
    @blp.response(200, GroupStatsSchema, headers=ETAG)
    @blp.alt_response(304, description="Not modified since the ETag in If-None-Match", headers=ETAG)
    @blp.refuses(404, **NO_GROUP)
    @blp.doc(operationId="getGroupStats")
    def get(self, group_id):
        """Return each roster player's figures across the evenings, the partners and the money.

        Public. Answers 304 to an `If-None-Match` naming the current ETag. The figures add up every
        evening of the group, game by game.
        """
        return _conditional(group_id, _stats_document)


def _conditional(group_id: str, answer, read=None):
    """Answer 304 from the group's version alone, else `answer` of what `read` reads (the
    whole group unless given; None: no such group) with its ETag."""
    version = groups.group_version(store.get_db(), group_id)
    if version is None:
        raise GroupNotFound()
    tag = groups.group_etag(group_id, version)
    end_if_unchanged(tag)
    found = read() if read else groups.load_group(store.get_db(), group_id)
    if found is None:
        raise GroupNotFound()
    # Sent as the store shapes it (the documented shape; the fuzz tests check it against the
    # schema): dumping hundreds of evenings again through marshmallow would only copy them.
    body = answer(found)
    response = jsonify(body)
    response.headers["ETag"] = quoted(groups.group_etag(group_id, found.version))
    return paged(response, body.get("next"))


def _authorise(group_id: str) -> None:
    """Check the bearer token against the group's edit token."""
    # The group's row and roster alone: no evening is read to check a token.
    read = groups.load_group_page(store.get_db(), group_id, 1, 0)
    if read is None:
        raise GroupNotFound()
    if not groups.check_group_token(read.group, bearer_token("group")):
        abort(403, message="This is not the edit token of this group.")


def _group_document(group: groups.Group) -> dict:
    """Return the group as getGroup answers it, with the evenings it was read with."""
    return {
        "id": group.id,
        "name": group.name,
        "version": group.version,
        "created": group.created,
        "updated": group.updated,
        "players": [player.to_dict() for player in group.players],
        "sheets": [evening_document(evening) for evening in groups.evenings(store.get_db(), group)],
    }


def _stats_document(group: groups.Group) -> dict:
    """Return the group's statistics as getGroupStats answers them."""
    figures = groups.group_stats(store.get_db(), group)
    return {"id": group.id, "name": group.name, "version": group.version, **figures.to_dict()}


def _group_links(group_id: str, token: str) -> dict[str, str]:
    """Return where the group lives: the API, its page, the edit link, its statistics."""
    return {
        "self": url_for("groups.GroupResource", group_id=group_id, _external=True),
        "page": url_for("stammtisch.group", group_id=group_id, _external=True),
        "edit": url_for("stammtisch.edit", group_id=group_id, token=token, _external=True),
        "stats": url_for("groups.GroupStats", group_id=group_id, _external=True),
    }
