"""A refusal's English words as the API answers them: from its code's one table of words,
through the catalogue (the engine's refusals carry a code and params, no words)."""

import re
from contextlib import contextmanager
from functools import cache

import pytest
from flask import Flask
from flask_babel import Babel

from bauerblock.engine.errors import Refusal
from bauerblock.kinds import kinds
from bauerblock.series import words as series_words
from bauerblock.web import refusals
from bauerblock.web.refusals.source import TRANSLATIONS


@cache
def _babel() -> Flask:
    """Return an app with the pages' catalogue, the plug-ins' words registered (as the
    app factory registers them)."""
    app = Flask(__name__)
    Babel(app, default_translation_directories=str(TRANSLATIONS))
    for words in refusals.GAMES.values():
        refusals.register(words)
    for kind in kinds():
        refusals.register(kind.words)
    refusals.register(series_words.WORDS)
    return app


def said(error: Refusal) -> str:
    """Return the refusal's English words (the API's `message`)."""
    with _babel().test_request_context():
        return refusals.english(error)


@contextmanager
def refused_saying(kind: type[Refusal], match: str | None):
    """Expect a refusal of `kind` whose English words match `match` (as pytest.raises does
    its exception's str; None: any words)."""
    with pytest.raises(kind) as caught:
        yield caught
    assert match is None or re.search(match, said(caught.value)), said(caught.value)
