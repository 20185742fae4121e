"""The addresses of a tournament's pages, for the tests that look at every one of them."""


def every_page(tournament_id: str, draw: int = 1) -> list[str]:
    """Return each page of a tournament: board, organiser, the draw's prints, results."""
    return [
        f"/t/{tournament_id}",
        f"/t/{tournament_id}/organiser",
        f"/t/{tournament_id}/draws/{draw}/cards",
        f"/t/{tournament_id}/draws/{draw}/wall",
        f"/t/{tournament_id}/draws/{draw}/end",
        f"/t/{tournament_id}/results",
        f"/t/{tournament_id}/me",
        f"/t/{tournament_id}/players/1",
    ]
