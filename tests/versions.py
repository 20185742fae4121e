"""What an amendment or a deletion of a game sends besides its token: the sheet's ETag as
If-Match (required; 428 without it)."""

SHEETS = "/api/v1/sheets"


def if_match(client, sheet_id: str) -> dict[str, str]:
    """Return the If-Match header naming the sheet's current version (read now)."""
    response = client.get(f"{SHEETS}/{sheet_id}")
    assert response.status_code == 200
    return {"If-Match": response.headers["ETag"]}
