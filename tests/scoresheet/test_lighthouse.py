"""Lighthouse's mobile audit of the score sheet: accessibility, best practices, page weight.

Lighthouse is the npm package pinned in tools/npm (bin/test installs it with `npm ci`),
run on Debian's Chromium with its default mobile settings and simulated throttling, against the
app served by gunicorn (the `live_server` fixture). The pages are audited in German, the
language of the table. The four pages in one Lighthouse run (one Node process, one Chromium).
The reports are kept in tests/artifacts/ for reading (the audit itself is tests/lighthouse.py).
"""

import pytest

from tests.lighthouse import audit_pages, auditing_session, check, sheet_pages

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture(scope="module")
def pages(live_server):
    """Make a sheet of an evening's games; return the pages to audit and their headers."""
    return sheet_pages(auditing_session(), live_server)


@pytest.fixture(scope="module")
def reports(pages):
    """Audit the four pages in one Lighthouse run; return their reports by name."""
    return audit_pages(pages)


@pytest.mark.parametrize("name", ["start", "view", "edit", "stats"])
def test_lighthouse_mobile(pages, reports, name):
    url, _ = pages[name]
    check(name, url, reports[name])
