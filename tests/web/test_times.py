"""Times as the room reads them: the stored UTC stamps in BAUERBLOCK_TIMEZONE (Europe/Berlin
unless set), on the organiser page's corrections."""

import pytest

from bauerblock import create_app
from bauerblock.web.times import clock

CASES = [
    # (stamp as stored, zone, as shown): winter (CET, +1), summer (CEST, +2), another zone.
    ("2026-12-02T20:15:03+00:00", None, "21:15"),
    ("2026-07-01T20:15:03+00:00", None, "22:15"),
    ("2026-12-02T23:30:00+00:00", None, "00:30"),
    ("2026-12-02T20:15:03+00:00", "Europe/London", "20:15"),
]


@pytest.mark.parametrize(("stamp", "zone", "shown"), CASES)
def test_a_stored_time_is_shown_in_the_local_time(tmp_path, monkeypatch, stamp, zone, shown):
    if zone:
        monkeypatch.setenv("BAUERBLOCK_TIMEZONE", zone)
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3")})
    with app.app_context():
        assert app.config["TIMEZONE"] == (zone or "Europe/Berlin")
        assert clock(stamp) == shown
