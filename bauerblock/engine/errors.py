"""Domain errors: one tree; each refusal has a stable code, its parameters and English words.

Make one from a literal code and template: engine.codes reads every code from the source,
the OpenAPI document's Error schema lists them, and tests/engine/test_error_codes.py holds
each code to one template. A client (the API's `reason`, the pages' catalogue in
bauerblock/web/refusals/) keys on the code, never on the words.

Kinds: RuleError (input no state would take: HTTP 422), StateConflict (a step the state
forbids now: 409), NotFound (404); the store's errors (store.errors) join the tree.
"""

from __future__ import annotations


class Refusal(Exception):
    """Refuse a request of the engine or the store: a stable code, params, English words.

    `code` is stable snake_case (clients and the pages' catalogue key on it), `params` fill
    the English `template` (str.format) and the translations alike.
    """

    def __init__(self, code: str, template: str, **params: object) -> None:
        super().__init__(template.format(**params))
        self.code = code
        self.template = template
        self.params = params


class RuleError(Refusal, ValueError):
    """Refuse an entry or a setting the rules do not allow (input no state would take)."""


class StateConflict(Refusal):
    """Refuse a step the state forbids now (a draw while tables still play)."""


class NotFound(Refusal, LookupError):
    """Refuse a look-up of something that does not exist."""


class GameError(RuleError):
    """Refuse a game of a sheet, naming it by its number: "Game {number}: " and the cause's
    words; code, template and params (with `number`) are the cause's."""

    def __init__(self, number: int, error: RuleError) -> None:
        ValueError.__init__(self, f"Game {number}: {error}")
        self.number = number
        self.error = error
        self.reason = str(error)
        self.code = error.code
        self.template = error.template
        self.params = {**error.params, "number": number}
