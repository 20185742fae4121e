"""docs/api.md says what the code does: the operations it names, which of them take an
Idempotency-Key and how long a key is, why a table is closed, what a correction did."""

import json
import re
from pathlib import Path

from bauerblock.api.idempotent import IDEMPOTENCY_KEY

ROOT = Path(__file__).parents[2]
DOC = (ROOT / "docs" / "api.md").read_text()
DOCUMENT = json.loads((ROOT / "openapi" / "openapi.json").read_text())
SCHEMAS = DOCUMENT["components"]["schemas"]


def section(title: str) -> str:
    """Return the text of the doc's section `title` (up to the next heading)."""
    matched = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", DOC, re.S | re.M)
    assert matched, title
    return matched.group(1)


def operations() -> dict[str, set[str]]:
    """Return every operation's id and the names of its parameters."""
    found = {}
    for item in DOCUMENT["paths"].values():
        shared = {p["name"] for p in item.get("parameters", [])}
        for method, operation in item.items():
            if method != "parameters":
                own = {
                    p.get("name") or p["$ref"].rsplit("/", 1)[1]
                    for p in operation.get("parameters", [])
                }
                found[operation["operationId"]] = shared | own
    return found


def named_operations(text: str) -> set[str]:
    """Return the operation ids `text` names (camelCase in backticks)."""
    return set(re.findall(r"`([a-z]+[A-Z][A-Za-z]+)`", text)) - {"operationId"}


def test_the_doc_lists_every_operation_with_its_tag():
    conventions = section("The document's conventions").split("\n- ")[1]
    assert named_operations(conventions) == set(operations())


def test_the_doc_names_the_writes_that_take_an_idempotency_key_and_its_length():
    retries = section("Retries").split("\n- ")[0]
    keyed = {op for op, parameters in operations().items() if "Idempotency-Key" in parameters}
    assert len(keyed) >= 13
    assert named_operations(retries) == keyed
    low, high = re.search(r"\{(\d+),(\d+)\}", IDEMPOTENCY_KEY["schema"]["pattern"]).groups()
    assert f"{low} to\n  {high} letters" in retries or f"{low} to {high} letters" in retries


def quoted_after(text: str, word: str) -> set[str]:
    """Return the `values` in the parenthesis after `word` in `text`."""
    matched = re.search(rf"{word}.*?\((.*?)\)", text, re.S)
    assert matched, word
    return set(re.findall(r"`([a-z_]+)`", matched.group(1)))


def test_the_doc_says_why_a_table_is_closed_and_what_a_correction_did():
    tables = section("Tournament tables and corrections")
    why = tables.split("`closed_by`, why:")[1].split("A closed table")[0]
    reasons = set(re.findall(r"`([a-z_]+)` \(", why))
    # Each choice is one named enum (its component), the property a reference to it.
    (closed_by,) = SCHEMAS["TournamentPlace"]["properties"]["closed_by"]["allOf"]
    assert reasons == set(SCHEMAS[closed_by["$ref"].rsplit("/", 1)[1]]["enum"])
    correction = SCHEMAS["Correction"]["properties"]
    (action,) = correction["action"]["allOf"]
    assert quoted_after(tables, "`action`") == set(
        SCHEMAS[action["$ref"].rsplit("/", 1)[1]]["enum"]
    )
    listed = set(re.findall(r"`([a-z]+)`", tables.split("oldest first:")[1].split("\n- ")[0]))
    assert set(correction) <= listed


def test_the_doc_says_how_games_from_pages():
    paging = section("Versions, ETags and paging")
    assert "games_from" in SCHEMAS["BauerchenSheet"]["properties"]
    for operation in ("getSheet", "recordGame", "amendGame", "deleteGame"):
        assert f"`{operation}`" in paging
    query = next(
        p
        for item in DOCUMENT["paths"].values()
        for op in item.values()
        if isinstance(op, dict) and op.get("operationId") == "getSheet"
        for p in op["parameters"]
        if p["name"] == "games_from"
    )
    assert query["schema"]["minimum"] == 1 and "`games_from`" in paging
    assert '`Link: <url>; rel="next"`' in paging and "`next`" in paging
