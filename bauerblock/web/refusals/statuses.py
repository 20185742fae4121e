"""The refusal map: the one HTTP status of every refusal, for the API and the pages alike.

A refusal answers with the status of its code if CODES names it, else with that of the
first kind in KINDS it is (the particular kinds come first). The decisions, as docs/api.md
gives them:

- 422: input no state would take (RuleError), and an idempotency key reused with another
  request (IdempotencyConflict), as the IETF draft on the Idempotency-Key header says.
- 409: a step the state forbids now (StateConflict), among them a name already on a
  tournament's or a group's list and a list that is full (`duplicate_name`,
  `too_many_players`, like `roster_name_taken` and `roster_full`).
- 412: a write on an older version (StaleVersion), or on one the sheet never had.
- 428: an amendment or a deletion that names no version (If-Match).
- 404: something that does not exist (NotFound).
"""

from __future__ import annotations

from http import HTTPStatus

from bauerblock import store  # noqa: F401 (loads every class that raises a refusal)
from bauerblock.engine.codes import raised
from bauerblock.engine.errors import NotFound, Refusal, RuleError, StateConflict
from bauerblock.store.errors import IdempotencyConflict, StaleVersion

KINDS: tuple[tuple[type[Refusal], HTTPStatus], ...] = (
    (StaleVersion, HTTPStatus.PRECONDITION_FAILED),
    (IdempotencyConflict, HTTPStatus.UNPROCESSABLE_ENTITY),
    (NotFound, HTTPStatus.NOT_FOUND),
    (StateConflict, HTTPStatus.CONFLICT),
    (RuleError, HTTPStatus.UNPROCESSABLE_ENTITY),
)
"""The status of each kind of refusal, the particular kinds first."""

CODES: dict[str, HTTPStatus] = {
    # A name on the list already, a list that is full: the list as it stands refuses them,
    # as a group's roster does (RosterConflict).
    "duplicate_name": HTTPStatus.CONFLICT,
    "too_many_players": HTTPStatus.CONFLICT,
    # An amendment or a deletion must name the version it was made on (If-Match); one that
    # names a version the sheet never had is as stale as an older one.
    "precondition_required": HTTPStatus.PRECONDITION_REQUIRED,
    "version_unknown": HTTPStatus.PRECONDITION_FAILED,
}
"""The codes whose status is not their kind's."""


def status_of(refusal: Refusal) -> HTTPStatus:
    """Return the status a refusal answers with (500 for a refusal no client should meet)."""
    return _status(type(refusal), refusal.code)


def status_of_code(code: str) -> HTTPStatus:
    """Return the status a code answers with, by the class the source raises it with."""
    (kind,) = raised()[code].kinds
    return _status(_refusal_class(kind), code)


def _status(kind: type[Refusal], code: str) -> HTTPStatus:
    if code in CODES:
        return CODES[code]
    return next(
        (status for known, status in KINDS if issubclass(kind, known)),
        HTTPStatus.INTERNAL_SERVER_ERROR,
    )


def _refusal_class(name: str) -> type[Refusal]:
    """Return the Refusal class of that name (every module that raises one is loaded)."""
    kinds: list[type[Refusal]] = [Refusal]
    while kinds:
        kind = kinds.pop()
        if kind.__name__ == name:
            return kind
        kinds += kind.__subclasses__()
    raise LookupError(name)
