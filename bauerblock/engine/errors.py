"""Domain errors: one tree; each refusal has a stable code and its parameters, no words.

Make one from a literal code and its params (`RuleError("code", x=...)`): engine.codes reads
every code from the source, and the OpenAPI document's Error schema lists them. Its words
stand once, by its code, in its owner's table (bauerblock/web/refusals/, a plug-in's
`words.py`): German, their English in the catalogue, for the API and every page alike. A
client (the API's `reason`) keys on the code, never on the words; `str()` of a refusal is
its code and params, for logs and tests.

Kinds: RuleError (input no state would take: HTTP 422), StateConflict (a step the state
forbids now: 409), NotFound (404); the store's errors (store.errors) join the tree.
"""

from __future__ import annotations


class Refusal(Exception):
    """Refuse a request of the engine or the store: a stable code and its params.

    `code` is stable snake_case (clients and the words' tables key on it); `params` fill the
    words.
    """

    def __init__(self, code: str, **params: object) -> None:
        said = ", ".join(f"{name}={value!r}" for name, value in params.items())
        super().__init__(f"{code}({said})")
        self.code = code
        self.params = params


class RuleError(Refusal, ValueError):
    """Refuse an entry or a setting the rules do not allow (input no state would take)."""


class StateConflict(Refusal):
    """Refuse a step the state forbids now (a draw while tables still play)."""


class NotFound(Refusal, LookupError):
    """Refuse a look-up of something that does not exist."""


class GameError(RuleError):
    """Refuse a game of a sheet, naming it by its number: "game {number}: " and the cause;
    code and params (with `number`) are the cause's."""

    def __init__(self, number: int, error: RuleError) -> None:
        ValueError.__init__(self, f"game {number}: {error}")
        self.number = number
        self.error = error
        self.code = error.code
        self.params = {**error.params, "number": number}
