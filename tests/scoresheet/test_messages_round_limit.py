"""A finished tournament table's refusal, as the pad says it in German and in English."""

import pytest

from bauerblock.engine.errors import GameError
from bauerblock.games.bauerchen.rules import replay, resolve_rules
from bauerblock.games.bauerchen.rules.sheet import play
from bauerblock.web.refusals import player_message

ROUND = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}


@pytest.mark.parametrize(
    ("language", "words"),
    [
        pytest.param(
            "de",
            "Spiel 4: Tisch fertig: 3 Runden gespielt. Ändere oder lösche ein Spiel, "
            "um weiterzuspielen.",
            id="german",
        ),
        pytest.param(
            "en",
            "Game 4: Table finished: 3 rounds played. Amend or delete a game to play on.",
            id="english",
        ),
    ],
)
def test_the_finished_table_in_the_readers_language(app, language, words):
    state = replay(resolve_rules({"round_limit": 3}), 0, [ROUND] * 3)
    with pytest.raises(GameError) as caught:
        play(state, ROUND)
    with app.test_request_context(headers={"Accept-Language": language}):
        assert player_message(caught.value) == words
