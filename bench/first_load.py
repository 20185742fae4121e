"""The first load of the pad on a phone (issue 18): the bytes a first visit of a sheet's edit
page transfers, compressed as a phone takes them (Brotli): the page, its assets, the service
worker and what it keeps beyond them (its precache), and the manifest.

`first_load` counts through any `get(path, headers) -> (body, headers)`: the tests pass
Flask's test client, the benchmark a live server over HTTP (with the response headers).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping

import requests

ACCEPTED = {"Accept-Encoding": "gzip, deflate, br"}
Get = Callable[[str, Mapping[str, str]], tuple[bytes, Mapping[str, str]]]


def first_load(get: Get, path: str, with_headers: bool = False) -> dict[str, int]:
    """Return the bytes of each request a first visit of `path` makes (bodies as sent, and
    the response headers too if `with_headers`)."""
    sizes: dict[str, int] = {}

    def fetch(address: str) -> bytes:
        body, headers = get(address, ACCEPTED)
        head = sum(len(name) + len(value) + 4 for name, value in headers.items())
        sizes[address] = len(body) + (head if with_headers else 0)
        return body

    page = fetch(path)
    plain, _ = get(path, {"Accept-Encoding": "identity"})
    assets = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', plain.decode()))
    fetch("/manifest.webmanifest")
    fetch("/sw.js")
    worker, _ = get("/sw.js", {"Accept-Encoding": "identity"})
    shell = re.search(r"var SHELL\s*=\s*(\[.*?\]);", worker.decode())
    assert shell and page, "no shell in the service worker"
    for asset in sorted(assets | set(json.loads(shell.group(1)))):
        fetch(asset)
    return sizes


def over_http(base: str, session: requests.Session) -> Get:
    """A `get` on a live server, keeping its cookies (the edit right) like a phone."""

    def get(path: str, headers: Mapping[str, str]) -> tuple[bytes, Mapping[str, str]]:
        answer = session.get(base + path, headers=dict(headers), timeout=10, stream=True)
        body = answer.raw.read(decode_content=False)  # as it went over the wire
        return body, answer.headers

    return get


def report(base: str) -> None:
    """Print the first load of a new sheet's edit page on a live server."""
    session = requests.Session()
    session.trust_env = False
    start = session.get(f"{base}/", timeout=10).text
    token = re.search(r'name="csrf_token" value="([^"]+)"', start).group(1)
    players = {f"player{seat}": name for seat, name in enumerate(("Hans", "Grete", "Karl", "Lise"))}
    made = session.post(
        f"{base}/s",
        data={"csrf_token": token, "first_dealer": "0", "preset": "lautern", **players},
        allow_redirects=False,
        timeout=10,
    )
    edit = made.headers["Location"]
    bodies = first_load(over_http(base, session), edit)
    wire = first_load(over_http(base, session), edit, with_headers=True)
    print("first load of a sheet's edit page (bench/first_load.py), Brotli:")
    for address, size in bodies.items():
        name = re.sub(r"/s/[^/]+/", "/s/…/", address.split("?")[0])
        print(f"  {name:28s} {size:6d} B")
    print(f"  {'total, bodies':28s} {sum(bodies.values()):6d} B   (target <= {32 * 1024})")
    print(f"  {'total, with headers':28s} {sum(wire.values()):6d} B")
