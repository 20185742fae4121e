"""Store errors: what a write or a look-up refuses, for the API and the pages to map.

They join the engine's tree (engine.errors): each has a stable code and its parameters,
and is a NotFound, a StateConflict or a RuleError where it is one of those kinds.
"""

from bauerblock.engine.errors import NotFound, Refusal, RuleError, StateConflict


class StoreError(Refusal):
    """Refuse a store operation."""


class SheetNotFound(StoreError, NotFound):
    """Refuse an unknown sheet id."""

    def __init__(self) -> None:
        super().__init__("sheet_not_found")


class GameNotFound(StoreError, NotFound):
    """Refuse a game number the sheet does not have."""

    def __init__(self, sheet_id: str, number: int) -> None:
        super().__init__("game_not_found", number=number)
        self.sheet_id = sheet_id


class StaleVersion(StoreError):
    """Refuse a write based on a version of the sheet that is no longer current."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(
            "stale_version",
            expected=expected,
            current=current,
        )
        self.current = current


class PreconditionRequired(StoreError):
    """Refuse an amendment or a deletion that names no version of the sheet (no If-Match,
    or `*`): games are addressed by their number and later ones move up, so a write that
    a network stack retries on its own could otherwise change a second game."""

    def __init__(self) -> None:
        super().__init__(
            "precondition_required",
        )


class VersionUnknown(StoreError):
    """Refuse an If-Match that names no version the sheet ever had: another sheet's tag,
    a made-up one, or a weak tag (`W/"..."`), which If-Match never matches (RFC 9110
    compares strongly)."""

    def __init__(self) -> None:
        super().__init__(
            "version_unknown",
        )


class IdempotencyConflict(StoreError):
    """Refuse an idempotency key reused with a different request body."""

    def __init__(self) -> None:
        super().__init__("idempotency_conflict")


class ShortCreateKey(StoreError, RuleError):
    """Refuse a key that creates (a sheet, tournament or group) with fewer than 16 characters:
    its replay hands out an edit token, so the key must be too random to be guessed or met
    by chance (16 or more of a UUID's or a random string's characters)."""

    def __init__(self, shortest: int) -> None:
        super().__init__(
            "create_key_too_short",
            shortest=shortest,
        )


class BadKey(StoreError, RuleError):
    """Refuse an idempotency key that is not 8 to 64 characters of A-Z, a-z, 0-9, _ and -."""

    def __init__(self) -> None:
        # A RuleError, so the pages show it beside the form as any bad input (422).
        super().__init__(
            "idempotency_key_invalid",
        )


class GroupNotFound(StoreError, NotFound):
    """Refuse an unknown group id."""

    def __init__(self) -> None:
        super().__init__("group_not_found")


class RosterConflict(StoreError, StateConflict):
    """Refuse a roster change the roster as it stands forbids (a name on it, a full roster)."""


class SheetClosed(StoreError, StateConflict):
    """Refuse a table phone's write once its draw is closed (a later draw, ended, finished).

    The organiser's corrections (the tournament's token) are not refused.
    """

    def __init__(self, draw: int) -> None:
        super().__init__(
            "draw_closed",
            draw=draw,
        )


class SheetFull(StoreError, RuleError):
    """Refuse a game past the last one a sheet takes (store.sheets.MAX_GAMES): its code
    and its `limit` where it is raised, as any refusal's."""


class TournamentNotFound(StoreError, NotFound):
    """Refuse an unknown tournament id."""

    def __init__(self) -> None:
        super().__init__("tournament_not_found")


class DrawNotFound(StoreError, NotFound):
    """Refuse a draw number the tournament does not have."""

    def __init__(self, number: int) -> None:
        super().__init__("draw_not_found", number=number)


class TableNotFound(StoreError, NotFound):
    """Refuse a table number the tournament has no card for (no draw seated it yet)."""

    def __init__(self, number: int) -> None:
        super().__init__("table_not_found", number=number)
