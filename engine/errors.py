"""Domain errors: each carries a message a player understands."""


class RuleError(ValueError):
    """Refuse an entry or a setting the rules do not allow."""


class GameError(RuleError):
    """Refuse a game of a sheet, naming it by its number."""

    def __init__(self, number: int, message: str) -> None:
        super().__init__(f"Game {number}: {message}")
        self.number = number
        self.reason = message
