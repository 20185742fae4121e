"""A write's idempotency key as the use cases take it: the key, what a retry must repeat,
and whose key it is; and what the write keeps of its result for that retry.

A use case keeps a typed record (a frozen dataclass of JSON values: `once` keeps its
fields, `typed` reads them back) or, for a step that keeps little, a JSON object; never a
face's answer.
"""

import json
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields, is_dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from sqlite_utils import Database

from bauerblock.store import idempotency
from bauerblock.store.db import immediate

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Record = TypeVar("Record", bound="DataclassInstance")

Kept = Mapping[str, Any]
"""What a write kept for its retry, read back: a JSON object."""


@dataclass(frozen=True)
class Key:
    """An idempotency key with the fingerprint of its request and its scope (its caller)."""

    key: str
    request: str
    """What a retry must repeat (`idempotency.fingerprint` of it): another one is refused."""
    scope: str = ""
    """Who may use the key (the API's caller); the pages' keys have none."""


def key_of(key: "str | Key | None", request: object) -> Key | None:
    """Return the key of a write: as given, or a plain key for the request `request`."""
    if key is None or isinstance(key, Key):
        return key
    return Key(idempotency.check_key(key), idempotency.fingerprint(request))


def answered(db: Database, owner: str, key: str) -> Kept | None:
    """Return the result a write with this plain key kept, whatever it asked (None: the key
    wrote nothing); raise BadKey for a key the pad never makes."""
    return _result(idempotency.answered(db, owner, key))


def _result(kept: idempotency.Kept | None) -> Kept | None:
    if kept is None:
        return None
    # Kept before the use cases were: the API kept its answer's text, the pad its body.
    # (A removal's answer had no body.)
    body = json.loads(kept.body or "{}") if isinstance(kept.body, str) else kept.body
    return body if isinstance(body, dict) else {}


def typed(kind: type[Record], kept: Kept) -> Record | None:
    """Return the record of `kind` that `once` kept (None: something else was kept, by
    a write before it kept records)."""
    names = [field.name for field in fields(kind)]
    if not set(names) <= kept.keys():
        return None
    return kind(**{name: kept[name] for name in names})


class Keeps(Protocol):
    """A write's result that says what it keeps for a retry with its key."""

    def kept(self) -> "DataclassInstance | Kept": ...


Result = TypeVar("Result", bound=Keeps)


def once(
    db: Database,
    owner: str,
    key: Key | None,
    step: Callable[[], Result],
    again: Callable[[Kept], Result],
) -> Result:
    """Do `step` once for its key, in one write transaction with its result kept; a retry
    answers `again` of what the first one kept."""
    with immediate(db):
        if key is None:
            return step()
        first = _result(idempotency.recall(db, owner, key.key, key.request, scope=key.scope))
        if first is not None:
            return again(first)
        result = step()
        kept = result.kept()
        body = asdict(kept) if is_dataclass(kept) else kept
        idempotency.remember(
            db, owner, key.key, key.request, idempotency.Kept(body), scope=key.scope
        )
        return result
