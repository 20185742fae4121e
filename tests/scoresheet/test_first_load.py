"""The first visit of a sheet on a phone, as Chromium fetches it: at most 32 KB over the wire,
for a sheet of each game."""

import re

import pytest
from playwright.sync_api import expect

from bench.first_load import BUDGET, GAMES, first_visit, new_edit_link

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_qr_codes_first_visit_fits_32_kb(live_server, browser, game):
    sizes = first_visit(browser, new_edit_link(live_server, game))
    names = [address.split("?")[0] for address in sizes]
    # The page at the QR code's link itself (no redirect before it), its game's CSS and
    # scripts, the manifest, the service worker: counted with their headers, in the encoding
    # Chromium asked for.
    assert len([name for name in names if re.fullmatch(r"/s/[^/]+/edit/[^/]+", name)]) == 1, sizes
    assert not [name for name in names if re.fullmatch(r"/s/[^/]+/edit", name)], sizes
    bundles = {f"/static/sheet-{game}.css", f"/static/app-{game}.js"}
    assert {*bundles, "/manifest.webmanifest", "/sw.js"} <= set(names)
    # Nothing twice (the service worker keeps what the page loaded), no other game's code,
    # no QR image (the share section is closed).
    assert len(names) == len(set(names)), sizes
    assert not [name for name in names if name.startswith("/static/") and name not in bundles]
    assert not [name for name in names if "/qr/" in name]
    assert all(size > 0 for size in sizes.values()), sizes
    assert sum(sizes.values()) <= BUDGET, sizes


def test_the_share_section_loads_its_qr_codes_once_opened(live_server, browser):
    page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        asked = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(new_edit_link(live_server))
        codes = page.locator("details.share img.qr")
        expect(codes).to_have_count(2)
        assert not [url for url in asked if "/qr/" in url]
        page.locator("details.share summary").tap()
        for code in codes.all():
            expect(code).to_have_attribute("src", re.compile(r"/qr/(view|edit)\.svg$"))
            expect(code).not_to_have_attribute("data-src", re.compile(".*"))
        for code in codes.all():
            # Checked by its properties: the page's CSP lets no string be evaluated as code.
            expect(code).to_have_js_property("complete", True)
            assert code.evaluate("img => img.naturalWidth") > 0
        assert sorted(url.rsplit("/", 1)[1] for url in asked if "/qr/" in url) == [
            "edit.svg",
            "view.svg",
        ]
    finally:
        page.close()
