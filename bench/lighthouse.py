"""Lighthouse's performance score of the score sheet's pages (mobile, simulated throttling).

The score is timed: Lighthouse scales what the page cost this machine's CPU, so on a loaded
machine it falls. That is why it is measured here and not asserted in the suite, which keeps
the audits that count bytes and nodes (tests/lighthouse.py). Same pages as the suite's: a
15-game evening's start page, read-only view, edit view and statistics, in German.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from tests.lighthouse import LIGHTHOUSE, auditing_session, lighthouse, sheet_pages

METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time")


def report(url: str) -> None:
    """Print each page's performance score and the metrics it is made of."""
    if not os.access(LIGHTHOUSE, os.X_OK):
        print("lighthouse: not installed (npm ci --prefix tools/npm), skipped")
        return
    pages = sheet_pages(auditing_session(), url)
    print("Lighthouse mobile performance (simulated throttling; goal >= 0.95)")
    with tempfile.TemporaryDirectory() as folder:
        reports = lighthouse(pages, Path(folder), ("performance",))
        for name, audited in reports.items():
            score = audited["categories"]["performance"]["score"]
            metrics = "  ".join(
                f"{metric.split('-')[0][:1].upper()}{''.join(w[0] for w in metric.split('-')[1:])}"
                f" {audited['audits'][metric]['displayValue']}"
                for metric in METRICS
            )
            print(f"  {name:6s} performance {score:4.2f}   {metrics}")
