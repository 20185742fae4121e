"""Render the sheet: the page, the board for htmx, the answer to a tap, a round opened.

Each reads what it shows and no more: the sheet's head (settings, version, standing), the
current round's games and the lines of the last few rounds. A poll that finds nothing new
reads the version alone; a tap is answered with what changed, as out-of-band swaps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from flask import Response, make_response, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.engine.teams import TEAMS
from bauerblock.scoresheet import blocks
from bauerblock.scoresheet.games import PADS
from bauerblock.scoresheet.story import pair_stories
from bauerblock.store.sheets import entity_tag
from bauerblock.web import rights
from bauerblock.web.forms import new_key
from bauerblock.web.pages import POLL_SECONDS, htmx, tagged

MAX_COUNT = 10**9

Current = tuple[int, list[store.StoredGame]]
"""The current round: its first game (past the last game: it has none yet) and its games."""


def current_tag(sheet_id: str) -> str | None:
    """Return the sheet's entity tag from its version alone (an unknown sheet: None, left
    to the view's 404)."""
    return store.current_etag(store.get_db(), sheet_id)


def edit_tag(sheet_id: str) -> str | None:
    """Return the edit view's tag, only while this phone holds the edit right (None: the
    view answers 404, or refuses): the version and the token hash come in one read, so the
    check costs the right's look-up."""
    found = store.version_and_lock(store.get_db(), sheet_id)
    if found is None or rights.SHEET.held(rights.Lock(sheet_id, found[1])) is None:
        return None
    return entity_tag(sheet_id, found[0])


def board_context(
    sheet: store.SheetHead,
    *,
    edit: bool,
    amend: int | None = None,
    undo: Mapping[str, Any] | None = None,
    notice: str = "",
    stale: str = "",
    errors: Mapping[str, str] | None = None,
    values: MultiDict[str, str] | None = None,
    before: int | None = None,
    open_round: int | None = None,
    correction: bool = False,
    reopen: Mapping[str, Any] | None = None,
    deleting: str | None = None,
    current: Current | None = None,
) -> dict[str, Any]:
    """Return what the board's templates need: the current round's games, earlier rounds'
    lines (from game `before` back, else from the current round), one round opened.

    `correction`: the organiser writes (a tournament's table); else a closed draw's table
    is `locked`: no entry, no undo, no game opens for amending. `reopen`: the form that
    asks "Tisch wieder öffnen?" (`{"action", "fields"}`). `current`: the current round,
    when the caller knows it (else it is read).
    """
    amended = store.games_between(store.get_db(), sheet, amend, amend) if amend else []
    return {
        **frame_context(
            sheet,
            edit=edit,
            amend=amend,
            amended=amended,
            undo=undo,
            notice=notice,
            stale=stale,
            errors=errors,
            values=values,
            correction=correction,
            reopen=reopen,
        ),
        # The organiser's correction: what deleting game `amend` would do, said first.
        "deleting": deleting,
        **_rounds(sheet, amended, before, open_round, current),
    }


def frame_context(
    sheet: store.SheetHead,
    *,
    edit: bool,
    amend: int | None = None,
    amended: list[store.StoredGame] | None = None,
    undo: Mapping[str, Any] | None = None,
    notice: str = "",
    stale: str = "",
    errors: Mapping[str, str] | None = None,
    values: MultiDict[str, str] | None = None,
    correction: bool = False,
    reopen: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Return what the board's header, messages, entry form and poller need, from the head
    alone: no game is read (a tap appended to the current round is answered from the head
    its write returned and its own game). `amended`: game `amend` as stored, read by the
    caller."""
    pad = PADS[sheet.game]
    endpoint = "scoresheet.edit" if edit else "scoresheet.view"
    current = store.resumed_state(sheet)["current"]
    rounds_won = _rounds_won(sheet, current)
    return {
        **pad.context(sheet, amend or sheet.played + 1),
        "sheet": sheet,
        "current": current,
        "rounds_won": rounds_won,
        # A match over: what comes next for each of its pairs (a Paarturnier's table).
        "stories": pair_stories(sheet) if rounds_won is not None else [],
        "edit": edit,
        "correction": correction,
        "reopen": reopen,
        "locked": bool(sheet.tournament and sheet.tournament["closed"]) and not correction,
        "amend": amend,
        "amend_text": pad.describe(amended[0].entry, sheet.players) if amended else "",
        "undo": undo,
        "notice": notice,
        "stale": stale,
        "errors": errors or {},
        "values": values if values is not None else MultiDict(),
        "teams": TEAMS,
        "key": new_key(),
        "etag": store.etag(sheet),
        "poll": POLL_SECONDS,
        "self_endpoint": endpoint,
        "self_url": url_for(endpoint, sheet_id=sheet.id),
    }


def _rounds(
    sheet: store.SheetHead,
    amended: list[store.StoredGame],
    before: int | None,
    open_round: int | None,
    current: Current | None,
) -> dict[str, Any]:
    """Return the pad's games: the current round's, earlier rounds' lines (from game
    `before` back), one round opened (the amended game's, if it is in an earlier round)."""
    pad = PADS[sheet.game]
    if current is None:
        first = blocks.current_first(sheet, pad)
        current = first, store.games_between(store.get_db(), sheet, first, sheet.played)
    first, games = current
    if amended and amended[0].number < first:
        open_round = blocks.block_of(pad, amended[0])
    opened = blocks.games_of(sheet, pad, open_round) if open_round else None
    return {
        "rows": blocks.rows_of(sheet, pad, games),
        "lines": blocks.lines(sheet, pad, min(before, first) if before else first),
        "before": before if before and before < first else None,
        "open_round": open_round if opened else None,
        "open_rows": blocks.rows_of(sheet, pad, opened) if opened else [],
    }


def sheet_response(
    sheet: store.SheetHead, *, edit_token: str | None = None, status: int = 200, **options: Any
) -> Response:
    """Render the sheet: the whole page, or for htmx only the board that the page includes."""
    context = board_context(sheet, **options)
    if htmx:
        body = render_template("scoresheet/_board.html", **context)
    else:
        # The QR codes are images the page loads when its share section opens
        # (downloads.qr_code): a first load on a phone stays small.
        context["view_url"] = share_url(sheet.id, None)
        if context["edit"]:
            context["edit_url"] = share_url(sheet.id, edit_token)
        body = render_template("scoresheet/sheet.html", **context)
    return tagged(body, context["etag"], status)


def answer_context(
    sheet: store.SheetHead,
    *,
    recorded: store.StoredGame | None,
    undo: Mapping[str, Any] | None,
    notice: str,
    correction: bool = False,
) -> dict[str, Any]:
    """Return what the answer to an htmx write shows, as out-of-band swaps only.

    The header, the messages, the next entry form and the poller (the new version) always;
    a game recorded on top of the current round is appended to it, anything else (the
    first game, a round closed, an old game amended or deleted) redraws the pad. A game
    just `recorded` is all its round needs: the game itself, or (it closed its round) no
    game; only a closed round's lines are read.
    """
    pad = PADS[sheet.game]
    options: dict[str, Any] = {"undo": undo, "notice": notice, "correction": correction}
    if recorded is None or recorded.number != sheet.played:
        return {**board_context(sheet, edit=True, **options), "added": None}
    if blocks.closes(pad, recorded):
        current: Current = (recorded.number + 1, [])
    elif recorded.number == 1:
        current = (1, [recorded])
    else:
        # Appended, the answer draws no pad: the head and the new game are all it needs.
        added = blocks.rows_of(sheet, pad, [recorded])
        return {**frame_context(sheet, edit=True, **options), "added": added}
    return {**board_context(sheet, edit=True, current=current, **options), "added": None}


def answered(context: Mapping[str, Any]) -> Response:
    """Draw the answer to an htmx write from its `answer_context`."""
    body = render_template("scoresheet/_answer.html", **context, oob=True)
    response = tagged(body, context["etag"])
    # Nothing to swap into the target: every part of the answer finds its own place.
    response.headers["HX-Reswap"] = "none"
    return response


def opened(sheet: store.SheetHead, *, edit: bool, correction: bool = False) -> Response | None:
    """Answer htmx's ask for a finished round's games (`?round=`) or older lines (`?before=`)."""
    if not htmx:
        return None
    pad = PADS[sheet.game]
    asked = paged()
    number, before = asked["open_round"], asked["before"]
    if number is None and before is None:
        return None
    context = board_context(sheet, edit=edit, before=before, correction=correction)
    if number is not None:
        games = blocks.games_of(sheet, pad, number)
        if games is None:
            return make_response(_("Diese Runde gibt es nicht."), 404)
        body = render_template(
            "scoresheet/_opened.html", **context, opened=blocks.rows_of(sheet, pad, games)
        )
    else:
        body = render_template("scoresheet/_lines.html", **context)
    return make_response(body, 200)


def paged() -> dict[str, int | None]:
    """Return the round to open and the lines to page back to, as the address asks."""
    return {"open_round": _count("round"), "before": _count("before")}


def _count(name: str) -> int | None:
    """Return the query's `name` if it is a count a sheet can reach (else None)."""
    value = request.args.get(name, type=int)
    # SQLite's integers end at 2**63: a larger number is no round and no game.
    return value if value is not None and 1 <= value <= MAX_COUNT else None


def _rounds_won(sheet: store.SheetHead, current: Mapping[str, Any]) -> Counter[str] | None:
    """Return the rounds each team won at a table that takes no more games (None: it plays):
    the standing counts them (read with the head); a game of no rounds has won none."""
    if not current.get("finished") and not (sheet.tournament and sheet.tournament["closed"]):
        return None
    return Counter(current.get("rounds_won", {}))


def share_url(sheet_id: str, edit_token: str | None) -> str:
    """Return the link to share: the read-only view, or with `edit_token` the edit link."""
    if edit_token is None:
        return url_for("scoresheet.view", sheet_id=sheet_id, _external=True)
    return url_for("scoresheet.edit", sheet_id=sheet_id, token=edit_token, _external=True)
