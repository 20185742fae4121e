"""Past its capacity the box sheds reads before writes (bauerblock/front.py): behind the
front, at most POLLS_PER_WORKER reads per worker are in flight at gunicorn; one more is
answered 503 at once, with Retry-After, in the app's two forms, while a write still queues
and goes through once the workers answer again.

The workers are held with SIGSTOP (the box at its limit, nothing answered), so the reads in
flight stay in flight; loopback only, every request bounded by its timeout."""

import contextlib
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from bauerblock.front import BUSY_JSON, BUSY_RETRY_AFTER_S, POLLS_PER_WORKER
from tests.conftest import serving
from tests.reliability.test_replication_supervised import descendants

pytestmark = pytest.mark.server

WORKERS = 1


def get(url: str, **headers) -> requests.Response:
    with requests.Session() as session:
        session.trust_env = False
        return session.get(url, headers=headers, timeout=30)


def test_reads_past_the_budget_are_shed_at_once_and_writes_still_queue(tmp_path):
    with serving(tmp_path, workers=WORKERS, front=True) as server:
        http = requests.Session()
        http.trust_env = False
        made = http.post(f"{server}/api/v1/sheets", json={"game": "bauerchen"}, timeout=10)
        assert made.status_code == 201
        sheet = made.json()
        gunicorns = [
            pid for pid, line in descendants(server.process.pid).items() if "gunicorn" in line
        ]
        assert len(gunicorns) == 1 + WORKERS
        held = POLLS_PER_WORKER * WORKERS
        with ThreadPoolExecutor(held + 1) as pool:
            for pid in gunicorns:
                os.kill(pid, signal.SIGSTOP)
            try:
                reads = [
                    pool.submit(get, f"{server}/api/v1/sheets/{sheet['id']}") for _ in range(held)
                ]
                time.sleep(1.0)  # all of them are in flight at nginx, none answered
                assert not [read for read in reads if read.done()]
                started = time.monotonic()
                shed = get(f"{server}/api/v1/sheets/{sheet['id']}")
                page = get(f"{server}/s/{sheet['id']}")
                assert time.monotonic() - started < 2  # at once, not queued
                tap = pool.submit(
                    http.post,
                    f"{server}/api/v1/sheets/{sheet['id']}/games",
                    json={"card_points": {"A": 70}},
                    headers={"Authorization": f"Bearer {sheet['edit_token']}"},
                    timeout=30,
                )
                time.sleep(0.5)
                assert not tap.done()  # queued, not refused
            finally:
                for pid in gunicorns:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGCONT)
            assert tap.result().status_code == 201
            assert [read.result().status_code for read in reads] == [200] * held
    assert shed.status_code == 503 and shed.json() == BUSY_JSON
    assert shed.headers["Retry-After"] == str(BUSY_RETRY_AFTER_S)
    assert page.status_code == 503 and "Viel los gerade" in page.text
    assert page.headers["Content-Type"].startswith("text/html")
