"""Sheets: an evening's score pad, shared by id and written with its edit token."""

from flask import Response, jsonify, request, url_for
from flask.views import MethodView
from flask_babel import force_locale

from bauerblock import store
from bauerblock.api import sheet_access as access
from bauerblock.api.answers import (
    ChangedSheetSchema,
    CreatedSheetSchema,
    GameRecordSchema,
    RecordedGameSchema,
    SheetSchema,
)
from bauerblock.api.blueprint import REFUSALS, Blueprint, header, path
from bauerblock.api.conditional import (
    E412,
    E428,
    IF_MATCH_REQUIRED,
    Stale,
    end_if_unchanged,
    quoted,
    unchanged,
)
from bauerblock.api.export_formats import Exported, offer
from bauerblock.api.idempotent import (
    CREATE_IDEMPOTENCY_KEY,
    IDEMPOTENCY_KEY,
    REPLAYED,
    idempotent,
    replay_headers,
    request_key,
)
from bauerblock.api.paging import LINK, following, paged
from bauerblock.api.problems import refuse
from bauerblock.api.schemas import (
    NewSheetSchema,
    SheetEntrySchema,
    SheetQuerySchema,
)
from bauerblock.exports import sheets as sheet_exports
from bauerblock.exports.cache import API_LANGUAGE, sheet_download, shown_sheet
from bauerblock.services import sheets as service
from bauerblock.store.errors import (
    GameNotFound,
    SheetNotFound,
)
from bauerblock.web.guards import limited

blp = Blueprint("sheets", __name__, url_prefix="/api/v1", description="Sheets: a whole evening")

# The request headers the sheet resources read, documented so that clients (and fuzzers) see them.
IF_NONE_MATCH = header("If-None-Match", "An ETag of the sheet: answers 304 while it is current")
IF_MATCH = header(
    "If-Match",
    "The ETag of the sheet as the client saw it (optional here): a stale one answers 412",
)
ETAG = {
    "ETag": {"description": "The sheet's version", "required": True, "schema": {"type": "string"}}
}
CONDITIONAL = [IDEMPOTENCY_KEY, IF_MATCH_REQUIRED]
"""The headers of an amendment or a deletion: If-Match is required."""
# A tournament's table also takes the tournament's token: the organiser's correction.
EDIT_TOKEN: list[dict[str, list[str]]] = [{"editToken": []}, {"tournamentToken": []}]
E403 = "The token is neither this sheet's edit token nor (at a table) its tournament's"
E409 = (
    "A tournament table whose draw is closed (the next draw is made, the draw ended, the "
    "tournament finished): only the tournament's token corrects it"
)
SHEET_ID = path("sheet_id", "The sheet's id, as createSheet answered it")
NO_GAME = "No such sheet, or no such game on it"
refuses_write = blp.write_refusals(e401=REFUSALS[401], e403=E403, e404=REFUSALS[404])
"""Document a sheet write's refusals: no token, a wrong one, no sheet, too many writes."""
NUMBER = path("number", "The game's number on the sheet, from 1", type="integer", minimum=1)

# OpenAPI links: where a client (or a stateful fuzzer) goes from an answer.
THIS_SHEET = {"sheet_id": "$response.body#/id"}
LINKS = {
    op: {"operationId": op, "parameters": THIS_SHEET}
    for op in ("getSheet", "recordGame", "exportSheet")
}
THIS_GAME = {
    "sheet_id": "$request.path.sheet_id",
    "number": "$response.body#/game/number",
    "header.If-Match": "$response.header.ETag",
}
GAME_LINKS = {
    op: {"operationId": op, "parameters": THIS_GAME} for op in ("amendGame", "deleteGame")
}


@limited("RATELIMIT_SHEETS")
@blp.route("/sheets", parameters=[CREATE_IDEMPOTENCY_KEY])
class Sheets(MethodView):
    @idempotent
    @blp.arguments(NewSheetSchema)
    @blp.response(201, CreatedSheetSchema, headers={**ETAG, **REPLAYED})
    @blp.doc(operationId="createSheet", responses={201: {"links": LINKS}})
    def post(self, new):
        """Start a sheet; the answer shows its edit token, this once.

        The sheet gets its game, its players in seat order, the first dealer and its rules (a
        preset plus options). The edit token in the answer is needed for every write to the sheet
        and is never shown again; the links name the sheet's pages and its exports.
        """
        created = service.create_sheet(store.get_db(), service.NewSheet(**new))
        sheet, token = created.sheet, created.token
        links = _links(sheet.id, token)
        body = {**_document(sheet), "edit_token": token, "links": links}
        return _json(body, 201, {"ETag": quoted(store.etag(sheet)), "Location": links["self"]})


@blp.route("/sheets/<sheet_id>", parameters=[SHEET_ID, IF_NONE_MATCH])
class SheetResource(MethodView):
    @blp.arguments(SheetQuerySchema, location="query")
    @blp.response(200, SheetSchema, headers={**ETAG, **LINK})
    @blp.alt_response(304, description="Not modified since the ETag in If-None-Match", headers=ETAG)
    @blp.refuses(404)
    @blp.doc(operationId="getSheet")
    def get(self, query, sheet_id):
        """Return the sheet's settings, its games, rounds and what comes next.

        With `If-None-Match` naming the current ETag the answer is 304 without a body, read from
        the sheet's version alone. The games are paged: at most `limit` of them (50 unless
        asked, 500 at most) from `games_from` on, and `next` (with the `Link` header) names the
        next page, null on the last; `current` and the roster are whole on every page. Since
        document version v1.4 (100 unless asked until v1.5); before, every game from
        `games_from` on.
        """
        db = store.get_db()
        # A poll that is up to date costs the version alone, however long the evening.
        if request.if_none_match:
            unchanged(sheet_id)
        first, count = query["games_from"], query["limit"]
        read = store.state_from(db, sheet_id, games_from=first, limit=count)
        if read is None:
            raise SheetNotFound()
        with force_locale(API_LANGUAGE):  # one answer a version, as the exports
            sheet, state = shown_sheet(read[0]), read[1]
        more = following(
            "sheets.SheetResource",
            "games_from",
            first + count,
            first + count <= sheet.played,
            sheet_id=sheet_id,
            limit=count,
        )
        body = {**sheet_exports.document(sheet, state), "next": more}
        return paged(_json(body, 200, {"ETag": quoted(store.etag(sheet))}), more)


@limited("RATELIMIT_WRITES")
@blp.route("/sheets/<sheet_id>/games", parameters=[SHEET_ID, IDEMPOTENCY_KEY, IF_MATCH])
class Games(MethodView):
    @blp.arguments(SheetEntrySchema)
    @blp.response(201, RecordedGameSchema, headers={**ETAG, **REPLAYED})
    @refuses_write(409, 412, e409=E409, e412=E412)
    @blp.doc(operationId="recordGame", security=EDIT_TOKEN, responses={201: {"links": GAME_LINKS}})
    def post(self, entry, sheet_id):
        """Record the next game; an Idempotency-Key makes a retry safe.

        Needs the sheet's edit token, or at a tournament's table the tournament's (a
        correction, also of a closed draw, whose table's token gets 409). `If-Match` with the
        ETag last read refuses the write (412) if another phone wrote first. The answer is the
        game and the sheet after it, with the new ETag; its `state` pages the games from the
        new one on (`games_from`). A sheet takes at most 3000 games: the next one is refused
        (422, "This sheet is full: at most 3000 games.").
        """
        key = request_key()
        # The head read once, under the write lock the whole tap holds.
        with access.locked(sheet_id) as sheet:
            expected, correction = access.allowed(sheet, entry)
            record = service.Record(entry)
            recorded = access.write(sheet_id, correction, record, expected, key, sheet)
        # The record names its game, as the union of every game's records is chosen by it.
        # Its state lists the recorded game alone: no page follows it.
        state = {**sheet_exports.document(recorded.sheet, recorded.state), "next": None}
        body = {"game": {**recorded.game, "game": recorded.sheet.game}, "state": state}
        location = url_for("sheets.Game", sheet_id=sheet_id, number=recorded.number, _external=True)
        headers = {"ETag": quoted(recorded.etag), "Location": location}
        return _json(body, 201, {**headers, **replay_headers(recorded.replayed)})


@blp.route("/sheets/<sheet_id>/games/<int:number>", parameters=[SHEET_ID, NUMBER])
@limited("RATELIMIT_WRITES", charged=True)
class Game(MethodView):
    @blp.response(200, GameRecordSchema, headers=ETAG)
    @blp.alt_response(304, description="Not modified since the ETag in If-None-Match", headers=ETAG)
    @blp.refuses(404, e404=NO_GAME)
    @blp.doc(operationId="getGame", parameters=[IF_NONE_MATCH])
    def get(self, sheet_id, number):
        """Return game `number` as recordGame answered it (its `Location`), as it stands now.

        Public, as the sheet is. Games are numbered by position: deleting an earlier game
        moves this one up, so the `ETag` is the sheet's, the one `amendGame` and
        `deleteGame` take as `If-Match` for this number.
        """
        read = store.game_at(store.get_db(), sheet_id, number)
        if read is None:
            raise SheetNotFound()
        head, stored = read
        if stored is None:
            raise GameNotFound(sheet_id, number)
        tag = store.etag(head)
        end_if_unchanged(tag)
        return _json({**stored.game, "game": head.game}, 200, {"ETag": quoted(tag)})

    @blp.arguments(SheetEntrySchema)
    @blp.response(200, ChangedSheetSchema, headers={**ETAG, **REPLAYED, **LINK})
    @refuses_write(409, 412, 428, e404=NO_GAME, e409=E409, e412=E412, e428=E428)
    @blp.doc(operationId="amendGame", security=EDIT_TOKEN, parameters=CONDITIONAL)
    def put(self, entry, sheet_id, number):
        """Amend game `number`; the later games are scored again.

        Needs the sheet's edit token, or at a tournament's table the tournament's (a
        correction, also of a closed draw, whose table's token gets 409). The entry replaces
        game `number` in full; every later game is scored again from the changed one on.
        `If-Match` is required (428 without it): the ETag the change was decided on, so a
        retry of a request that went through meets a newer version (412, with the current
        ETag) instead of amending the game that moved up. The answer is the sheet with a
        page of what the change scored again: the games from the amended one on (`games_from`
        is `number`), at most 10 of them, the amended game as `changed_game`, and
        `games_more` (getSheet from the first game past the page; null when none is left
        out). Changed in document version v1.2; before, the answer held every game from
        `number` on (and before v1.1, every game). A retry with the same Idempotency-Key
        answers the first answer and writes nothing.
        """
        key = request_key()
        expected, correction = access.authorise(sheet_id, entry, conditional=True)
        changed = access.write(sheet_id, correction, service.Amend(number, entry), expected, key)
        return _changed(changed)

    @blp.response(200, ChangedSheetSchema, headers={**ETAG, **REPLAYED, **LINK})
    @refuses_write(409, 412, 422, 428, e404=NO_GAME, e409=E409, e412=E412, e428=E428)
    @blp.doc(operationId="deleteGame", security=EDIT_TOKEN, parameters=CONDITIONAL)
    def delete(self, sheet_id, number):
        """Remove game `number`; the later games move up and are scored again.

        Needs the sheet's edit token, or at a tournament's table the tournament's (a
        correction, also of a closed draw, whose table's token gets 409). The games after
        `number` take its place and are scored again. `If-Match` is required (428 without
        it): a retry of a deletion that went through meets a newer version (412, with the
        current ETag) and deletes no second game. The answer pages the games from `number`
        on, the games that
        moved up, as amendGame's does (at most 10; `changed_game` is the game now at
        `number`, null after deleting the last game; `games_more` the rest). Changed in
        document version v1.2; before, the answer held every game from `number` on. A retry
        with the same Idempotency-Key answers the first answer and deletes no second game.
        """
        key = request_key()
        expected, correction = access.authorise(sheet_id, conditional=True)
        changed = access.write(sheet_id, correction, service.Delete(number), expected, key)
        return _changed(changed)


EXPORT = Exported(
    path="/sheets/<sheet_id>/export",
    parameters=(SHEET_ID,),
    operation="exportSheet",
    what="the evening",
    json=SheetSchema,
    build=sheet_download,
    missing=SheetNotFound,
    e404="No such sheet",
    described="The evening as CSV, JSON or PDF, as a download",
    words="""Download the evening: one row per game (CSV), the full state (JSON) or a PDF.

    Public, as the read-only page is. The CSV starts with a byte order mark so that spreadsheet
    programs read the umlauts; the file name comes from the sheet's title and date. An export
    is built once per version of the sheet and served again from a cache; exports are rate
    limited of their own.
    """,
)
offer(blp, EXPORT)


@blp.errorhandler(Stale)
def stale(error: Stale) -> Response:
    """Answer a stale or unknown If-Match: 412 with the current ETag."""
    return refuse(error.refusal, headers={"ETag": error.etag})


def _document(sheet: store.Sheet) -> dict:
    return sheet_exports.document(sheet, store.replay(sheet))


def _changed(changed: service.Changed) -> Response:
    """Answer an amendment or a deletion: the sheet's page from the changed game on, the
    game now at its number, and where the rest of the page is."""
    more = following(
        "sheets.SheetResource",
        "games_from",
        changed.more or 0,
        changed.more is not None,
        sheet_id=changed.head.id,
    )
    page = sheet_exports.document(changed.sheet, changed.state)
    body = {**page, "changed_game": changed.game, "games_more": more, "next": more}
    headers = {"ETag": quoted(changed.etag), **replay_headers(changed.replayed)}
    return paged(_json(body, 200, headers), more)


def _json(body: dict, status: int, headers: dict[str, str]) -> Response:
    """Send a body as the answer schemas document it, with its headers (its ETag, where
    what it made lives, whether it is the first answer again)."""
    response = jsonify(body)
    response.status_code = status
    response.headers.update(headers)
    return response


def _links(sheet_id: str, token: str) -> dict[str, str]:
    """Return where the sheet lives: the API, the read-only page, the edit link, exports."""
    return {
        "self": url_for("sheets.SheetResource", sheet_id=sheet_id, _external=True),
        "view": url_for("scoresheet.view", sheet_id=sheet_id, _external=True),
        "edit": url_for("scoresheet.edit", sheet_id=sheet_id, token=token, _external=True),
        "export": url_for("sheets.ExportSheet", sheet_id=sheet_id, _external=True),
    }
