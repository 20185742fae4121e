"""The numbers of the configuration, checked when the app starts.

Every `BAUERBLOCK_<NAME>` that is a number (and every rate limit) is read once here and
refused with a message naming the variable, before anything is served: a 0 for the idle
days would otherwise let `flask expire` delete every sheet, and "abc" end in a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from limits import parse_many

from bauerblock.engine.digits import bounded

PREFIX = "BAUERBLOCK_"
DAY = 24 * 3600


class BadSetting(SystemExit):
    """A setting out of its range: the process stops with the message, not a traceback."""

    def __init__(self, name: str, value: object, wants: str) -> None:
        super().__init__(f"{PREFIX}{name}={value!r} is refused: {wants}.")


@dataclass(frozen=True)
class Number:
    """A whole-number setting: its bounds, and whether it may be left unset."""

    low: int
    high: int
    optional: bool = False

    def read(self, name: str, value: object) -> int | None:
        """Return `value` (as from_prefixed_env parsed it) as a number in range, or refuse it."""
        if value in (None, "") and self.optional:
            return None
        if isinstance(value, timedelta):
            value = int(value.total_seconds())
        number = value if type(value) is int else bounded(str(value), self.low, self.high)
        if number is None or not self.low <= number <= self.high:
            raise BadSetting(name, value, f"a whole number from {self.low} to {self.high}")
        return number


NUMBERS: dict[str, Number] = {
    "MAX_CONTENT_LENGTH": Number(1024, 16 * 1024 * 1024),
    # gunicorn refuses a request line past 8190 bytes itself (gunicorn_conf.py).
    "MAX_URI_LENGTH": Number(256, 8190),
    # Unset: nothing idle goes. 0 would be "everything is idle".
    "EXPIRE_IDLE_DAYS": Number(1, 100 * 365, optional=True),
    "PERMANENT_SESSION_LIFETIME": Number(60, 400 * DAY),
    "EXPORT_CACHE_BYTES": Number(0, 1 << 40),
    "WORKERS": Number(1, 256),
    # The replicated WAL's bound (store/replica.py): Litestream checkpoints at it, and past it
    # bauerblock-serve checkpoints itself or restarts a Litestream that lags.
    "WAL_LIMIT_MB": Number(4, 4096, optional=True),
}
"""Every numeric setting and its range (docs/configuration.md)."""
RATE_LIMITS = {
    "RATELIMIT_SHEETS": "new sheets",
    "RATELIMIT_WRITES": "writes",
    "RATELIMIT_NEW_GROUPS": "new tournaments and groups today",
    "RATELIMIT_EXPORTS": "downloads",
}
"""Every rate limit (web/guards.py counts them), and what it counts in its refusal's words."""
TIMEZONE = "Europe/Berlin"
"""The tournaments' local time unless BAUERBLOCK_TIMEZONE names another (an IANA zone)."""
PROXY_HOPS = Number(0, 5)
"""How many proxies PROXY_FIX may name for each header."""


def check(config: MutableMapping[str, Any]) -> None:
    """Read each numeric setting of `config` in place (as a number); refuse the first bad one."""
    for name, number in NUMBERS.items():
        if name in config:
            config[name] = number.read(name, config[name])
    for name in RATE_LIMITS:
        _check_limit(name, config.get(name))
    config["TIMEZONE"] = _zone(config.get("TIMEZONE") or TIMEZONE)
    hops = config.get("PROXY_FIX")
    if isinstance(hops, Mapping):
        for header, value in hops.items():
            PROXY_HOPS.read(f"PROXY_FIX[{header}]", value)
    elif hops:
        PROXY_HOPS.read("PROXY_FIX", hops)


def _zone(value: object) -> str:
    """Return `value` if it names a time zone the machine knows; refuse it otherwise."""
    try:
        ZoneInfo(str(value))
    except (ZoneInfoNotFoundError, ValueError):
        raise BadSetting("TIMEZONE", value, 'a time zone such as "Europe/Berlin"') from None
    return str(value)


def _check_limit(name: str, value: object) -> None:
    try:
        limits = parse_many(str(value))
    except ValueError:
        limits = []
    if not limits or any(limit.amount < 1 for limit in limits):
        raise BadSetting(name, value, 'rate limits such as "20 per minute; 200 per hour"')


def from_environment(name: str, default: int, environ: Mapping[str, str]) -> int:
    """Return the numeric setting `BAUERBLOCK_<name>` of `environ` (for gunicorn's settings)."""
    value = environ.get(f"{PREFIX}{name}")
    read = NUMBERS[name].read(name, default if value is None else value)
    assert read is not None  # only EXPIRE_IDLE_DAYS may be unset
    return read
