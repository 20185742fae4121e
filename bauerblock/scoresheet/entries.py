"""The pad's entry form: a game recorded, opened, amended, deleted, its points previewed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, NoReturn

from flask import Response, abort, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from markupsafe import escape
from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.engine.errors import Refusal, RuleError, StateConflict
from bauerblock.scoresheet import bp, render
from bauerblock.scoresheet.forms import FormError, read_version
from bauerblock.scoresheet.games import PADS
from bauerblock.scoresheet.views import correcting, final, found_sheet, load_sheet, sheet_page
from bauerblock.services import corrections
from bauerblock.services import sheets as service
from bauerblock.store.errors import SheetClosed
from bauerblock.web import rights
from bauerblock.web.errors import Reshow, found, on_refusal
from bauerblock.web.forms import posted_key
from bauerblock.web.guards import charge_scored, limited
from bauerblock.web.pages import htmx
from bauerblock.web.refusals import player_message

if TYPE_CHECKING:
    from werkzeug.wrappers import Response as Redirect


@bp.get("/s/<sheet_id>/games/<int:number>")
def game(sheet_id: str, number: int):
    """Open an old game for amending or deleting."""
    sheet = load_sheet(sheet_id)
    correction = _require_write(sheet)
    entry = _stored_entry(sheet, number)
    if _locked(sheet, correction):
        on_refusal(_reshow(sheet, "entry", None, None))
        raise SheetClosed(sheet.tournament["draw"])
    values = PADS[sheet.game].values(entry)
    # The organiser's correction says first what deleting the game would do.
    told = _effect_words(sheet, service.Delete(number)) if correction else None
    return sheet_page(sheet, edit=True, amend=number, values=values, deleting=told)


@limited("RATELIMIT_WRITES")
@bp.post("/s/<sheet_id>/games")
def record(sheet_id: str):
    """Record the next game from the entry form (one tap on a result, or card points).

    The tap holds the sheet's write lock from its start: the head is read once under it,
    the right and the form are checked on it, and what the answer shows is gathered before
    the COMMIT from what the write returned: the answer is the sheet as written.
    """
    db = store.get_db()
    try:
        with service.locked(db, sheet_id) as head:
            sheet = found_sheet(sheet_id, head)
            correction = _require_write(sheet)
            entry, submitted = _posted_entry(sheet)
            on_refusal(_reshow(sheet, "entry", submitted, request.form))
            recorded = _write(sheet, correction, service.Record(entry), _posted(head=sheet))
            what = PADS[sheet.game].recorded(entry, recorded.game, sheet.players)
            version = recorded.sheet.version
            undo = {"number": recorded.number, "version": version, "what": escape(what)}
            added = (
                None
                if recorded.replayed
                else store.StoredGame(recorded.number, entry, recorded.game, recorded.closed)
            )
            answer = _answer(recorded.head, undo=undo, recorded=added)
    except FormError as error:
        return _refused(sheet, error.field, error.message, request.form)
    return answer()


@limited("RATELIMIT_WRITES", charged=True)
@bp.post("/s/<sheet_id>/games/<int:number>")
def amend(sheet_id: str, number: int):
    """Replace an old game; the sheet is replayed."""
    sheet, correction = _changing(sheet_id)
    old = _stored_entry(sheet, number)
    try:
        entry, submitted = _posted_entry(sheet)
    except FormError as error:
        return _refused(sheet, error.field, error.message, request.form, amend=number)
    pad = PADS[sheet.game]
    entry = {**{name: old[name] for name in pad.kept_on_amend if name in old}, **entry}
    changed_notice = _("Spiel %(n)s geändert.", n=number)
    expected = read_version(request.form)
    if expected is not None and expected != sheet.version and old == entry:
        # A resent amendment that went through the first time: nothing is stale.
        return _answer(sheet, notice=changed_notice)()
    on_refusal(_reshow(sheet, "entry", submitted, request.form, amend=number))
    return _change(
        sheet,
        correction,
        service.Amend(number, entry),
        service.Asked(expected_version=expected),
        notice=changed_notice,
    )


@limited("RATELIMIT_WRITES", charged=True)
@bp.post("/s/<sheet_id>/games/<int:number>/delete")
def delete(sheet_id: str, number: int):
    """Delete a game (the undo bar deletes the one just recorded); the sheet is replayed."""
    sheet, correction = _changing(sheet_id)
    on_refusal(_reshow(sheet, "delete", None, None, amend=number))
    notice = _("Spiel %(n)s gelöscht.", n=number)
    return _change(sheet, correction, service.Delete(number), _posted(), notice=notice)


@bp.post("/s/<sheet_id>/preview")
def preview(sheet_id: str):
    """Preview what the card points typed so far would give (the entry form asks as you type).

    A post, though it writes nothing: the form it reads carries the session's CSRF token and
    the tap's key, which must not land in an address (and so in the access log)."""
    sheet = load_sheet(sheet_id)
    pad = PADS[sheet.game]
    if pad.preview is None:
        abort(404)  # only a game entered by card points previews them (Bauerchen)
    number = request.form.get("number", type=int) or sheet.played + 1
    number = min(max(number, 1), sheet.played + 1)
    context = pad.context(sheet, number)
    outcome = error = None
    entry: dict[str, Any] | None = None
    try:
        entry = pad.preview.read(request.form)
        if entry is not None:
            outcome = pad.preview.score(sheet, context["where"], entry)
    except FormError as refusal:
        error = refusal.message
    except RuleError as refusal:
        error = player_message(refusal)
    return render_template(
        pad.preview.partial, entry=entry, outcome=outcome, error=error, **context
    )


def _stored_entry(sheet: store.SheetHead, number: int) -> Mapping[str, Any]:
    """Return game `number`'s entry as the sheet stores it, or answer 404: no such game."""
    played = 1 <= number <= sheet.played
    return found(store.entry_of(store.get_db(), sheet.id, number) if played else None)


def _posted_entry(sheet: store.SheetHead) -> tuple[dict[str, Any], str]:
    """Return the posted entry and the field an engine refusal of it belongs beside.

    A form that cannot say a game is refused (FormError) naming its field.
    """
    pad = PADS[sheet.game]
    return pad.read(request.form), pad.refused_field(request.form)


def _posted(head: store.SheetHead | None = None) -> service.Asked:
    """Return what a posted tap asks besides its game: the version its page showed and its
    idempotency key (and the `head` read under the write lock it holds, if it does)."""
    return service.Asked(read_version(request.form), posted_key(request.form), head)


def _write(
    sheet: store.SheetHead,
    correction: bool,
    change: service.Change[service.Result],
    asked: service.Asked,
) -> service.Result:
    """Write one game of the sheet: as the organiser's correction, or as its phone; charge
    the writes' budget by the games it scored."""
    if correction:
        result = corrections.correct(store.get_db(), sheet.id, change, asked).written
    else:
        result = service.write(store.get_db(), sheet.id, change, asked)
    charge_scored(result.scored)
    return result


def _change(
    sheet: store.SheetHead,
    correction: bool,
    change: service.Change[service.Result],
    asked: service.Asked,
    *,
    notice: str,
) -> Response | Redirect:
    """Amend or delete an old game (`_write`), the organiser's correction saying first what
    it would do (`_announce`), and answer with the head the write returned."""
    _announce(sheet, correction, change)
    return _answer(_write(sheet, correction, change, asked).head, notice=notice)()


def _require_write(sheet: store.SheetHead) -> bool:
    """Return whether this session's write is the organiser's correction; 403 if no right."""
    correction = correcting(sheet)
    if not correction:
        rights.SHEET.require(sheet)
    return correction


def _locked(sheet: store.SheetHead, correction: bool) -> bool:
    """Tell whether the sheet is a closed draw's table and this session only its phone."""
    return bool(sheet.tournament and sheet.tournament["closed"]) and not correction


def _changing(sheet_id: str) -> tuple[store.SheetHead, bool]:
    """Return the sheet an amendment or a deletion changes and whether this session corrects
    it (`_require_write`); answer with the question first if it reopens a finished table."""
    sheet = load_sheet(sheet_id)
    correction = _require_write(sheet)
    _ask_to_reopen(sheet, correction)
    return sheet, correction


def _announce(sheet: store.SheetHead, correction: bool, change: service.Change[Any]) -> None:
    """Say first what the organiser's correction would do, when it reopens a round or moves
    the standings (else go on). The answer repeats the form with `reopen=1`: one more tap."""
    if not correction or request.form.get("reopen") == "1":
        return
    words = _effect_words(sheet, change)
    if words is None:
        return
    # A question, not a refusal: the pad's outbox takes the answer as its tap's (nothing
    # written) and shows it; "yes" is a tap of its own.
    _ask(sheet, words=words)


def _effect_words(sheet: store.SheetHead, change: service.Change[Any]) -> str | None:
    """Return in words what a correction would do (None: nothing to say first, or refused:
    the write itself then says why)."""
    try:
        effect = corrections.effect(store.get_db(), sheet.id, change)
    except Refusal:
        return None
    if not effect.told:
        return None
    # Points that move are said as points; else the place that moves ("Walter 1 → 1" says
    # nothing: his points stay, his place changes).
    lines = ", ".join(
        _("%(name)s %(a)s → %(b)s", name=m.name, a=m.points[0], b=m.points[1])
        if m.points[0] is not None and m.points[0] != m.points[1]
        else _("%(name)s Platz %(a)s → %(b)s", name=m.name, a=m.place[0], b=m.place[1])
        for m in effect.moved
    )
    r, t = effect.reopened, effect.table
    if r is not None and lines:
        return _(
            "Damit ist Runde %(r)s an Tisch %(t)s wieder offen, die Rangliste ändert sich: "
            "%(lines)s.",
            r=r,
            t=t,
            lines=lines,
        )
    if r is not None:
        return _(
            "Damit ist Runde %(r)s an Tisch %(t)s wieder offen; die Rangliste bleibt.", r=r, t=t
        )
    return _("Damit ändert sich die Rangliste: %(lines)s.", lines=lines)


def _ask_to_reopen(sheet: store.SheetHead, correction: bool) -> None:
    """Ask before a table phone's undo or amendment reopens a finished table (else go on).

    The answer repeats the form with `reopen=1`: one more tap, with or without script.
    """
    place = sheet.tournament
    if correction or place is None or place["closed"] or request.form.get("reopen") == "1":
        return
    if not store.resumed_state(sheet)["current"].get("finished"):
        return
    _ask(sheet, status=409)


def _ask(sheet: store.SheetHead, *, status: int = 200, **said: str) -> NoReturn:
    """Answer with the form posted again (but its CSRF token) to send with `reopen=1`."""
    fields = [(k, v) for k, v in request.form.items(multi=True) if k != "csrf_token"]
    reopen = {"action": request.path, "fields": fields, **said}
    abort(sheet_page(sheet, edit=True, reopen=reopen, status=status))


def _reshow(
    sheet: store.SheetHead,
    beside: str,
    submitted: str | None,
    values: MultiDict[str, str] | None,
    *,
    amend: int | None = None,
) -> Reshow:
    """Return how a write's refusal shows the table again, its words beside `beside` (the
    rules' refusal beside the `submitted` field it names); the status is the refusal map's.

    A closed draw, or a correction the tournament forbids now, is final for the outbox."""

    def show(error: Refusal) -> Response:
        message = player_message(error)
        if isinstance(error, store.StaleVersion | store.GameNotFound):
            current = load_sheet(sheet.id)
            if amend is not None and amend > current.played:
                # A resent undo finds its game gone: say so rather than "another phone wrote".
                gone = player_message(store.GameNotFound(sheet.id, amend))
                return _refused(current, "entry", gone, None)
            if isinstance(error, store.GameNotFound):
                return _refused(current, "entry", message, None)
            return _stale(current, values if amend is None else None)
        if isinstance(error, SheetClosed):
            return final(_refused(load_sheet(sheet.id), "entry", message, None))
        if isinstance(error, StateConflict):
            return final(_refused(load_sheet(sheet.id), beside, message, values, amend=amend))
        if isinstance(error, store.IdempotencyConflict):
            return _refused(load_sheet(sheet.id), "entry", message, None)
        # The rules' refusal beside the field it names: the posted one, or the pad's for it.
        refused = PADS[sheet.game].refused_beside
        field = beside if submitted is None else refused.get(error.code, submitted)
        return _refused(sheet, field, message, values, amend=amend)

    return show


def _answer(
    sheet: store.SheetHead,
    *,
    undo: dict[str, Any] | None = None,
    notice: str = "",
    recorded: store.StoredGame | None = None,
) -> Callable[[], Response | Redirect]:
    """Return the answer to a write with the head it returned: what changed for htmx, else
    Post/Redirect/Get to the edit view. What it shows is read now (a tap: before its
    COMMIT); it is drawn when called."""
    if htmx:
        shown = render.answer_context(
            sheet, recorded=recorded, undo=undo, notice=notice, correction=correcting(sheet)
        )
        return lambda: render.answered(shown)
    if undo:
        session["undo"] = {"sheet": sheet.id, **undo}
    return partial(redirect, url_for("scoresheet.edit", sheet_id=sheet.id), 303)


def _stale(sheet: store.SheetHead, values: MultiDict[str, str] | None):
    """Refuse a write from a page older than the sheet, showing the sheet as it is now."""
    # What was chosen before the tap stays set; the tap itself must be made on the new state.
    kept = None
    if values is not None:
        prefixes = PADS[sheet.game].kept_when_stale
        kept = MultiDict([(k, v) for k, v in values.items(multi=True) if k.startswith(prefixes)])
    message = _("Ein anderes Handy hat inzwischen eingetragen. Hier ist der neue Stand.")
    return sheet_page(sheet, edit=True, stale=message, values=kept, status=412)


def _refused(
    sheet: store.SheetHead,
    field: str,
    message: str,
    values: MultiDict[str, str] | None,
    *,
    amend: int | None = None,
    status: int = 422,
):
    return sheet_page(
        sheet,
        edit=True,
        amend=amend,
        errors={field: message},
        values=values,
        status=status,
    )
