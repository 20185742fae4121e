"""Who may write a sheet's games, at which version (If-Match), and the write itself."""

from collections.abc import Iterator
from contextlib import contextmanager

from flask import request
from flask_babel import force_locale
from flask_smorest import abort

from bauerblock import store
from bauerblock.api.conditional import Stale, expected_version, quoted
from bauerblock.exports.cache import API_LANGUAGE, shown_sheet
from bauerblock.services import corrections
from bauerblock.services import sheets as service
from bauerblock.services.keys import Key
from bauerblock.store import tournaments
from bauerblock.store.common import entity_tag
from bauerblock.store.errors import SheetNotFound, StaleVersion
from bauerblock.web.guards import charge_scored


@contextmanager
def locked(sheet_id: str) -> Iterator[store.SheetHead]:
    """Hold the sheet's write lock for the block and yield its head, read once under it, as
    the API shows it (`shown_sheet`); 404 for no sheet. A tap checks its right on it
    (`allowed`) and writes on it: a refusal in the block writes nothing."""
    with service.locked(store.get_db(), sheet_id) as head:
        yield _shown(sheet_id, head)


def authorise(
    sheet_id: str, entry: dict | None = None, *, conditional: bool = False
) -> tuple[int | None, bool]:
    """Check a write's right (`allowed`) on the sheet's head read now, before the write
    lock: an amendment or a deletion is planned before it."""
    head = store.load_head(store.get_db(), sheet_id)
    return allowed(_shown(sheet_id, head), entry, conditional=conditional)


def allowed(
    sheet: store.SheetHead, entry: dict | None = None, *, conditional: bool = False
) -> tuple[int | None, bool]:
    """Check the bearer token (and that an `entry` is of the sheet's game: it leaves the
    entry without its `game`); return the version If-Match asks for (None: any; a
    `conditional` write must name one) and whether the write is the organiser's
    correction (a table, the tournament's token)."""
    token = bearer_token("sheet")
    correction = False
    if not store.check_token(sheet, token):
        correction = sheet.tournament is not None and tournaments.check_token(
            store.get_db(), sheet.tournament["id"], token
        )
        if not correction:
            abort(403, message="This is not the edit token of this sheet.")
    named = entry.pop("game", None) if entry is not None else None
    if named is not None and named != sheet.game:
        abort(
            422,
            message=f"This is a {sheet.game} sheet: an entry of {named} is refused.",
            errors={"json": {"game": [f"Must be {sheet.game}, the sheet's game."]}},
        )
    return expected_version(sheet.id, required=conditional), correction


def _shown(sheet_id: str, head: store.SheetHead | None) -> store.SheetHead:
    """Return the head as every face shows it, in the API's words; 404 for no sheet."""
    if head is None:
        raise SheetNotFound()
    with force_locale(API_LANGUAGE):  # one answer a version, as the exports
        return shown_sheet(head)


def write(
    sheet_id: str,
    correction: bool,
    change: service.Change[service.Result],
    expected: int | None,
    key: Key | None,
    head: store.SheetHead | None = None,
) -> service.Result:
    """Write one game of the sheet: as the organiser's correction, or with its edit token
    (on the `head` read under the write lock the caller holds, if it does); charge the
    writes' budget by the games it scored."""
    asked = service.Asked(expected, key, head)
    try:
        if correction:
            result = corrections.correct(store.get_db(), sheet_id, change, asked).written
        else:
            result = service.write(store.get_db(), sheet_id, change, asked)
    except StaleVersion as stale:
        # The current ETag, so the client reads the sheet again (RFC 9110 lets a 412 say it).
        current = quoted(entity_tag(sheet_id, stale.current))
        raise Stale(stale, current) from stale
    charge_scored(result.scored)
    return result


def bearer_token(owner: str) -> str:
    """Return the request's bearer token, or answer 401 naming whose edit token it needs."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        abort(
            401,
            message=f"Writing needs the {owner}'s edit token: Authorization: Bearer <edit_token>.",
            headers={"WWW-Authenticate": 'Bearer realm="bauerblock"'},
        )
    return token.strip()
