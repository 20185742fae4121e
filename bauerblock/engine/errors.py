"""Domain errors: one tree; each refusal has a stable code, its parameters and English words."""

from __future__ import annotations


class RuleError(ValueError):
    """Refuse an entry or a setting the rules do not allow.

    `code` is stable (clients and the pages' catalogues key on it), `params` fill the
    English `template` (str.format) and the translations alike.
    """

    def __init__(self, code: str, template: str | None = None, **params: object) -> None:
        if template is None:
            # Transitional: a refusal not yet given its code carries its words alone.
            code, template = "rule", code.replace("{", "{{").replace("}", "}}")
        super().__init__(template.format(**params))
        self.code = code
        self.params = params


class GameError(RuleError):
    """Refuse a game of a sheet, naming it by its number."""

    def __init__(self, number: int, error: RuleError | str) -> None:
        if not isinstance(error, RuleError):
            error = RuleError(error)
        ValueError.__init__(self, f"Game {number}: {error}")
        self.number = number
        self.reason = str(error)
        self.code = error.code
        self.params = {**error.params, "number": number}
