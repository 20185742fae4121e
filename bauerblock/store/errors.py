"""Store errors: what a write or a look-up refuses, for the API and the pages to map.

They join the engine's tree (engine.errors): each has a stable code and its parameters,
and is a NotFound, a StateConflict or a RuleError where it is one of those kinds.
"""

from bauerblock.engine.errors import NotFound, Refusal, RuleError, StateConflict


class StoreError(Refusal):
    """Refuse a store operation."""


class SheetNotFound(StoreError, NotFound):
    """Refuse an unknown sheet id."""

    def __init__(self, sheet_id: str) -> None:
        super().__init__("sheet_not_found", "No such sheet.")
        self.sheet_id = sheet_id


class GameNotFound(StoreError, NotFound):
    """Refuse a game number the sheet does not have."""

    def __init__(self, sheet_id: str, number: int) -> None:
        super().__init__("game_not_found", "The sheet has no game {number}.", number=number)
        self.sheet_id = sheet_id
        self.number = number


class StaleVersion(StoreError):
    """Refuse a write based on a version of the sheet that is no longer current."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(
            "stale_version",
            "The sheet changed meanwhile (version {current}, not {expected}): reload it.",
            expected=expected,
            current=current,
        )
        self.expected = expected
        self.current = current


class PreconditionRequired(StoreError):
    """Refuse an amendment or a deletion that names no version of the sheet (no If-Match,
    or `*`): games are addressed by their number and later ones move up, so a write that
    a network stack retries on its own could otherwise change a second game."""

    def __init__(self) -> None:
        super().__init__(
            "precondition_required",
            "Amending or deleting a game needs If-Match with the sheet's ETag (from getSheet "
            "or the last write): then a retry cannot change a second game.",
        )


class VersionUnknown(StoreError):
    """Refuse an If-Match that names no version the sheet ever had: another sheet's tag,
    a made-up one, or a weak tag (`W/"..."`), which If-Match never matches (RFC 9110
    compares strongly)."""

    def __init__(self) -> None:
        super().__init__(
            "version_unknown",
            "If-Match names no version of this sheet (a weak W/ tag never matches): send the "
            "ETag as given; the ETag header holds the current one.",
        )


class IdempotencyConflict(StoreError):
    """Refuse an idempotency key reused with a different request body."""

    def __init__(self, key: str, what: str = "game") -> None:
        super().__init__(
            "idempotency_conflict",
            "This Idempotency-Key was already used for a different {what}: "
            "use a new key for a new {what}.",
            what=what,
        )
        self.key = key


class ShortCreateKey(StoreError, RuleError):
    """Refuse a key that creates (a sheet, tournament or group) with fewer than 16 characters:
    its replay hands out an edit token, so the key must be too random to be guessed or met
    by chance (16 or more of a UUID's or a random string's characters)."""

    def __init__(self, shortest: int) -> None:
        super().__init__(
            "create_key_too_short",
            "A key that creates has {shortest} to 64 characters (as random as a UUID's).",
            shortest=shortest,
        )


class BadKey(StoreError, RuleError):
    """Refuse an idempotency key that is not 8 to 64 characters of A-Z, a-z, 0-9, _ and -."""

    def __init__(self) -> None:
        # A RuleError, so the pages show it beside the form as any bad input (422).
        super().__init__(
            "idempotency_key_invalid",
            "An idempotency key has 8 to 64 characters: letters, digits, _ and -.",
        )


class GroupNotFound(StoreError, NotFound):
    """Refuse an unknown group id."""

    def __init__(self, group_id: str) -> None:
        super().__init__("group_not_found", "No such group.")
        self.group_id = group_id


class RosterConflict(StoreError, StateConflict):
    """Refuse a roster change the roster as it stands forbids (a name on it, a full roster)."""


class SheetClosed(StoreError, StateConflict):
    """Refuse a table phone's write once its draw is closed (a later draw, ended, finished).

    The organiser's corrections (the tournament's token) are not refused.
    """

    def __init__(self, draw: int) -> None:
        super().__init__(
            "draw_closed",
            "Draw {draw} is closed – corrections are made by the organiser.",
            draw=draw,
        )
        self.draw = draw


class SheetFull(StoreError, RuleError):
    """Refuse a game past the last one a sheet takes (store.sheets.MAX_GAMES)."""

    def __init__(self, limit: int) -> None:
        super().__init__("sheet_full", "This sheet is full: at most {limit} games.", limit=limit)
        self.limit = limit


class TournamentNotFound(StoreError, NotFound):
    """Refuse an unknown tournament id."""

    def __init__(self, tournament_id: str) -> None:
        super().__init__("tournament_not_found", "No such tournament.")
        self.tournament_id = tournament_id


class DrawNotFound(StoreError, NotFound):
    """Refuse a draw number the tournament does not have."""

    def __init__(self, number: int) -> None:
        super().__init__("draw_not_found", "The tournament has no draw {number}.", number=number)
        self.number = number


class TableNotFound(StoreError, NotFound):
    """Refuse a table number the tournament has no card for (no draw seated it yet)."""

    def __init__(self, number: int) -> None:
        super().__init__("table_not_found", "The tournament has no table {number}.", number=number)
        self.number = number
