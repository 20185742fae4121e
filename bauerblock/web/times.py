"""Times as the room reads them: a stored UTC time stamp in the app's local time zone.

The store keeps every time in UTC (ISO 8601); the pages show them in BAUERBLOCK_TIMEZONE
(Europe/Berlin unless set; bauerblock/settings.py checks it at start).
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from flask import current_app


def clock(stamp: str) -> str:
    """Return a stored time stamp's local time of day: "2026-12-02T20:15:03+00:00" → "21:15"."""
    zone = ZoneInfo(current_app.config["TIMEZONE"])
    return datetime.fromisoformat(stamp).astimezone(zone).strftime("%H:%M")
