"""The pad's first load on a phone, as gunicorn sends it: at most 32 KB transferred."""

import pytest
import requests

from bench.first_load import first_load, new_edit_page, over_http, transferred

pytestmark = pytest.mark.server


def test_first_load_of_the_edit_page_fits_32_kb(live_server):
    session = requests.Session()
    session.trust_env = False
    edit = new_edit_page(live_server, session)
    sizes = first_load(over_http(live_server, session), edit)
    assert {"/manifest.webmanifest", "/sw.js", edit} <= set(sizes)
    assert any(address.startswith("/static/app.js?v=") for address in sizes)
    # Bodies, headers and status lines: what a phone's radio carries.
    assert transferred(sizes) <= 32 * 1024, sizes
