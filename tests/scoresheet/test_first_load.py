"""The first visit of a sheet on a phone, as Chromium fetches it: at most 32 KB over the wire."""

import pytest

from bench.first_load import BUDGET, first_visit, new_edit_link

pytestmark = [pytest.mark.browser, pytest.mark.server]


def test_the_qr_codes_first_visit_fits_32_kb(live_server, browser):
    sizes = first_visit(browser, new_edit_link(live_server))
    names = [address.split("?")[0] for address in sizes]
    # The redirect of the QR code's link, the page, its CSS and scripts, the manifest, the
    # service worker: counted with their headers, in the encoding Chromium asked for.
    assert any("/edit/" in name for name in names), sizes
    assert {"/static/sheet.css", "/static/app.js", "/manifest.webmanifest", "/sw.js"} <= set(names)
    assert not [name for name in names if "/qr/" in name]  # the share section is closed
    assert all(size > 0 for size in sizes.values()), sizes
    assert sum(sizes.values()) <= BUDGET, sizes
