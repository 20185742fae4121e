"""The first load of the pad on a phone (issue 18): the bytes a first visit of a sheet's edit
page transfers, compressed as a phone takes them (Brotli): the page, its assets, the service
worker and what it keeps beyond them (its precache), and the manifest. Transferred bytes:
each answer's body as sent, its headers and its status line.

`first_load` counts through any `get(path, headers) -> (body, headers)`: over HTTP
(`over_http`, a live server: the headers as gunicorn sent them) or Flask's test client (the
app's headers, without the Server, Date and Connection that gunicorn adds).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping

import requests

ACCEPTED = {"Accept-Encoding": "gzip, deflate, br"}
Get = Callable[[str, Mapping[str, str]], tuple[bytes, Mapping[str, str]]]


STATUS_LINE = len("HTTP/1.1 200 OK\r\n")


def first_load(get: Get, path: str) -> dict[str, tuple[int, int]]:
    """Return the body bytes and the header bytes (status line and blank line included) of
    each request a first visit of `path` makes."""
    sizes: dict[str, tuple[int, int]] = {}

    def fetch(address: str) -> bytes:
        body, headers = get(address, ACCEPTED)
        head = STATUS_LINE + sum(len(name) + len(value) + 4 for name, value in headers.items())
        sizes[address] = (len(body), head + 2)
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


def transferred(sizes: dict[str, tuple[int, int]]) -> int:
    """Return the bytes a first load transferred: every body and every header."""
    return sum(body + head for body, head in sizes.values())


def over_http(base: str, session: requests.Session) -> Get:
    """A `get` on a live server, keeping its cookies (the edit right) like a phone."""

    def get(path: str, headers: Mapping[str, str]) -> tuple[bytes, Mapping[str, str]]:
        answer = session.get(base + path, headers=dict(headers), timeout=10, stream=True)
        body = answer.raw.read(decode_content=False)  # as it went over the wire
        return body, answer.headers

    return get


def new_edit_page(base: str, session: requests.Session) -> str:
    """Start a sheet through the start page's form as a phone does; return its edit page."""
    start = session.get(f"{base}/", timeout=10).text
    token = re.search(r'name="csrf_token" value="([^"]+)"', start).group(1)
    players = {f"player{seat}": name for seat, name in enumerate(("Hans", "Grete", "Karl", "Lise"))}
    made = session.post(
        f"{base}/s",
        data={"csrf_token": token, "first_dealer": "0", "preset": "lautern", **players},
        allow_redirects=False,
        timeout=10,
    )
    return made.headers["Location"]


def report(base: str) -> None:
    """Print the first load of a new sheet's edit page on a live server."""
    session = requests.Session()
    session.trust_env = False
    edit = new_edit_page(base, session)
    sizes = first_load(over_http(base, session), edit)
    print("first load of a sheet's edit page (bench/first_load.py), Brotli:")
    print(f"  {'':28s} {'body':>6s}   {'headers':>7s}")
    for address, (body, head) in sizes.items():
        name = re.sub(r"/s/[^/]+/", "/s/…/", address.split("?")[0])
        print(f"  {name:28s} {body:6d} B {head:7d} B")
    bodies = sum(body for body, _ in sizes.values())
    print(f"  {'total, bodies':28s} {bodies:6d} B")
    print(f"  {'total transferred':28s} {transferred(sizes):6d} B   (target <= {32 * 1024})")
