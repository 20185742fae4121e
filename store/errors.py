"""Store errors: what a write or a look-up refuses, for the API and the pages to map."""


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

    def __init__(self, key: str) -> None:
        super().__init__(
            "This Idempotency-Key was already used for a different game: "
            "use a new key for a new game."
        )
        self.key = key


class GroupNotFound(StoreError):
    """Refuse an unknown group id."""

    def __init__(self, group_id: str) -> None:
        super().__init__("No such group.")
        self.group_id = group_id


class RosterConflict(StoreError):
    """Refuse a roster change the roster as it stands forbids (a name on it, a full roster)."""
