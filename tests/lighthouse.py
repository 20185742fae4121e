"""Lighthouse's mobile audit, shared by the page packages' tests (tests/*/test_lighthouse*.py)
and bin/bench (bench/lighthouse.py).

Lighthouse is the npm package pinned in tools/npm (bin/test installs it with `npm ci`),
run on Debian's Chromium with its default mobile settings and simulated throttling: a
module's pages in one Node process and one Chromium (tools/npm/lighthouse_pages.mjs), which
audits a page once more if its run failed (not for a low score). The reports are kept in
tests/artifacts/ for reading.

The suite holds what does not move with the machine's load: accessibility, best practices,
nothing from another origin, and the performance audits that count bytes and nodes
(STRUCTURAL). The performance score itself is timed (simulated throttling scales what the
CPU took), so it is bin/bench's figure (docs/performance.md), not a test's.
"""

import json
import os
import subprocess
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests

from tests.pages import CHROMIUM

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts"
LIGHTHOUSE = ROOT / "tools" / "npm" / "node_modules" / ".bin" / "lighthouse"
PAGES_SCRIPT = ROOT / "tools" / "npm" / "lighthouse_pages.mjs"
CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
CATEGORIES = ("accessibility", "best-practices")
STRUCTURAL = (
    "total-byte-weight",
    "dom-size",
    "unminified-css",
    "unminified-javascript",
    "uses-text-compression",
)
"""The performance audits scored by bytes and nodes alone, whatever the machine's load."""
MIN_SCORE = 0.95
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}

GAMES = [
    {"result": {"winner": "A", "band": "frei"}},
    {"card_points": {"A": 72}, "melds": [{"team": "B", "kind": "20"}]},
    {"result": {"winner": "B", "band": "schneider"}, "spritz": 1},
    {"result": {"winner": "A", "band": "schwarz"}},
    {"card_points": {"B": 80}},
    {"result": {"winner": "A", "band": "frei"}},
    {"result": {"winner": "B", "band": "frei"}},
    {"result": {"winner": "A", "band": "schneider"}},
    {"card_points": {"A": 40}},
    {"result": {"winner": "A", "band": "frei"}, "melds": [{"team": "A", "kind": "40"}]},
    {"result": {"winner": "B", "band": "frei"}},
    {"result": {"winner": "A", "band": "frei"}, "spritz": 1},
    {"result": {"winner": "B", "band": "schneider"}},
    {"result": {"winner": "A", "band": "frei"}},
    {"result": {"winner": "B", "band": "frei"}},
]


def sheet_pages(http: requests.Session, server: str) -> dict[str, tuple[str, dict[str, str]]]:
    """Make a sheet of an evening's games on `server`; return the pages to audit by name, each
    with the headers to send (the edit view's with its edit session as a Cookie header)."""
    new = {"game": "bauerchen", "players": ["Hans", "Grete", "Karl", "Lise"], "title": "Stammtisch"}
    created = http.post(f"{server}/api/v1/sheets", json=new, timeout=10)
    assert created.status_code == 201, created.text
    sheet = created.json()
    auth = {"Authorization": f"Bearer {sheet['edit_token']}"}
    games = f"{server}/api/v1/sheets/{sheet['id']}/games"
    for game in GAMES:
        recorded = http.post(games, json=game, headers=auth, timeout=10)
        assert recorded.status_code == 201, recorded.text
    # The edit link sets the edit session and answers with the edit view: Lighthouse's
    # Chromium opens the sheet's own address with that session as a Cookie header.
    edit = http.get(sheet["links"]["edit"], headers=GERMAN, timeout=10)
    assert edit.status_code == 200 and not edit.history
    assert 'id="entry-form"' in edit.text and edit.text.count('name="result"') == 6
    cookie = "; ".join(f"{name}={value}" for name, value in http.cookies.items())
    return {
        "start": (f"{server}/", GERMAN),
        "view": (sheet["links"]["view"], GERMAN),
        "edit": (f"{server}/s/{sheet['id']}/edit", {**GERMAN, "Cookie": cookie}),
        "stats": (f"{server}/s/{sheet['id']}/stats", GERMAN),
    }


def auditing_session() -> requests.Session:
    """Skip unless Chromium and Lighthouse are installed; return an HTTP session to loopback."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip("Debian's chromium is not installed")
    if not os.access(LIGHTHOUSE, os.X_OK):
        pytest.skip("Lighthouse is not installed: bin/test runs `npm ci --prefix tools/npm`")
    http = requests.Session()
    http.trust_env = False  # straight to loopback, whatever proxy the environment names
    return http


Pages = Mapping[str, tuple[str, dict[str, str]]]
"""Pages to audit by name, each with its URL and the headers to send."""


def audit_pages(pages: Pages, prefix: str = "") -> dict[str, dict]:
    """Audit `pages` in one Lighthouse run; return their reports by name (kept in
    tests/artifacts/ as lighthouse-<prefix><name>.report.json). Check each with `check`."""
    reports = lighthouse(
        {f"{prefix}{name}": page for name, page in pages.items()},
        ARTIFACTS,
        CATEGORIES,
        ("network-requests", *STRUCTURAL),
    )
    return {name: reports[f"{prefix}{name}"] for name in pages}


def check(name: str, url: str, report: dict) -> dict:
    """Check the audited page, its origins and its scores; return the report."""
    # The page audited is the one asked for: not redirected, not refused (an edit view
    # without the edit session is a 403), and it fetched nothing from another origin.
    assert report["finalDisplayedUrl"] == url
    requests_made = report["audits"]["network-requests"]["details"]["items"]
    document = next((item for item in requests_made if item["url"] == url), None)
    assert document is not None and document["statusCode"] == 200, document
    origin = urlsplit(url)[:2]
    foreign = [
        item["url"]
        for item in requests_made
        if urlsplit(item["url"]).scheme not in ("data", "blob")
        and urlsplit(item["url"])[:2] != origin
    ]
    assert not foreign, f"{name}: requests to other origins: {foreign}"

    scores = {category: report["categories"][category]["score"] for category in CATEGORIES}
    low = [c for c, score in scores.items() if score is None or score < MIN_SCORE]
    assert not low, f"{name} ({url}): {scores}\n" + "\n".join(failing_audits(report, low))
    # An audit that does not apply (nothing to compress) has no score and costs nothing.
    heavy = {
        audit_id: report["audits"][audit_id].get("displayValue", "")
        for audit_id in STRUCTURAL
        if report["audits"][audit_id]["score"] is not None
        and report["audits"][audit_id]["score"] < MIN_SCORE
    }
    assert not heavy, f"{name} ({url}): {heavy}"
    return report


def lighthouse(
    pages: Pages,
    folder: Path,
    categories: tuple[str, ...],
    audits: tuple[str, ...] = (),
) -> dict[str, dict]:
    """Run Lighthouse's mobile audit of each page for `categories` and `audits` besides them,
    all in one Node process and one Chromium; return the reports by name (also kept in
    `folder` as lighthouse-<name>.report.json)."""
    folder.mkdir(parents=True, exist_ok=True)
    outputs = {name: folder / f"lighthouse-{name}.report.json" for name in pages}
    asked = {
        "chromeFlags": CHROME_FLAGS,
        "pages": [
            {
                "url": url,
                "headers": headers,
                "output": str(outputs[name]),
                "categories": list(categories),
                "audits": list(audits),
            }
            for name, (url, headers) in pages.items()
        ],
    }
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    run = subprocess.run(
        ["node", str(PAGES_SCRIPT)],
        input=json.dumps(asked),
        env=env,
        capture_output=True,
        text=True,
        timeout=180 * len(pages),
    )
    assert run.returncode == 0, f"lighthouse failed ({run.returncode}):\n{run.stderr[-3000:]}"
    errors = dict(zip(pages, map(json.loads, run.stdout.splitlines()), strict=True))
    failed = {name: error for name, error in errors.items() if error is not None}
    assert not failed, f"lighthouse failed twice: {failed}"
    return {name: json.loads(output.read_text()) for name, output in outputs.items()}


def failing_audits(report: dict, categories: list[str]) -> list[str]:
    """Describe the audits that cost the categories points: id, title, score, some culprits."""
    lines = []
    for category in categories:
        lines.append(f"{category}: {report['categories'][category]['score']}")
        for ref in report["categories"][category]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if not ref["weight"] or audit["score"] is None or audit["score"] >= 1:
                continue
            shown = f" ({audit['displayValue']})" if audit.get("displayValue") else ""
            lines.append(
                f"  {audit['id']} (weight {ref['weight']}): score {audit['score']}{shown}"
                f" - {audit['title']}"
            )
            for item in (audit.get("details") or {}).get("items", [])[:3]:
                culprit = (item.get("node") or {}).get("snippet") or item.get("url")
                if culprit:
                    lines.append(f"      {culprit}")
    return lines
