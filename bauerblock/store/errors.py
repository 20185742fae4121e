"""Store errors: what a write or a look-up refuses, for the API and the pages to map."""

from typing import ClassVar


class StoreError(Exception):
    """Refuse a store operation."""


class SheetNotFound(StoreError):
    """Refuse an unknown sheet id."""

    def __init__(self, sheet_id: str) -> None:
        super().__init__("No such sheet.")
        self.sheet_id = sheet_id


class GameNotFound(StoreError):
    """Refuse a game number the sheet does not have."""

    def __init__(self, sheet_id: str, number: int) -> None:
        super().__init__(f"The sheet has no game {number}.")
        self.sheet_id = sheet_id
        self.number = number


class StaleVersion(StoreError):
    """Refuse a write based on a version of the sheet that is no longer current."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(
            f"The sheet changed meanwhile (version {current}, not {expected}): reload it."
        )
        self.expected = expected
        self.current = current


class IdempotencyConflict(StoreError):
    """Refuse an idempotency key reused with a different request body."""

    def __init__(self, key: str, what: str = "game") -> None:
        super().__init__(
            f"This Idempotency-Key was already used for a different {what}: "
            f"use a new key for a new {what}."
        )
        self.key = key


class GroupNotFound(StoreError):
    """Refuse an unknown group id."""

    def __init__(self, group_id: str) -> None:
        super().__init__("No such group.")
        self.group_id = group_id


class RosterConflict(StoreError):
    """Refuse a roster change the roster as it stands forbids (a name on it, a full roster)."""


class SheetClosed(StoreError):
    """Refuse a table phone's write once its draw is closed (a later draw, ended, finished).

    The organiser's corrections (the tournament's token) are not refused.
    """

    code: ClassVar[str] = "draw_closed"

    def __init__(self, draw: int) -> None:
        super().__init__(f"Draw {draw} is closed – corrections are made by the organiser.")
        self.draw = draw
        self.params = {"draw": draw}


class TournamentNotFound(StoreError):
    """Refuse an unknown tournament id."""

    def __init__(self, tournament_id: str) -> None:
        super().__init__("No such tournament.")
        self.tournament_id = tournament_id


class PlayerNotFound(StoreError):
    """Refuse a player number the tournament does not have."""

    def __init__(self, number: int) -> None:
        super().__init__(f"The tournament has no player {number}.")
        self.number = number


class DrawNotFound(StoreError):
    """Refuse a draw number the tournament does not have."""

    def __init__(self, number: int) -> None:
        super().__init__(f"The tournament has no draw {number}.")
        self.number = number


class StateConflict(StoreError):
    """Refuse a step the tournament's state forbids now (a draw while tables still play)."""
