"""Fixtures of the API tests that talk to a live server over real HTTP."""

import pytest
import requests


@pytest.fixture
def http():
    """Return a requests session that ignores the environment's proxies: the server is local."""
    with requests.Session() as session:
        session.trust_env = False
        yield session
