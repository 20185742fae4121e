"""Write the table of every reason into docs/api.md ("Every reason"), from the code.

Run it after adding or changing a refusal: `.venv/bin/python tools/reasons.py`.
tests/api/test_reasons.py fails while the table differs from api.reasons.reasons_table().
"""

from __future__ import annotations

from pathlib import Path

from bauerblock.api.reasons import reasons_table
from bauerblock.kinds import kinds

DOCS = Path(__file__).resolve().parents[1] / "docs" / "api.md"
HEADER = "| reason | status | meaning |"


def main() -> None:
    """Replace the table under "Every reason" with the one the code makes."""
    kinds()  # loads each kind's folder, whose refusals' classes give their codes a status
    lines = DOCS.read_text(encoding="utf-8").split("\n")
    start = lines.index(HEADER)
    end = next(i for i in range(start, len(lines)) if not lines[i].startswith("|"))
    lines[start:end] = reasons_table().split("\n")
    DOCS.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
