"""The API's schemas of Bauerchen: its entry on a sheet, its stateless scoring's request and
answer, a game's record and where the evening stands; registered as `API`.

What JSON Schema cannot say (card points no tricks give, a meld past the target) is in the
description, and the engine judges it.
"""

from typing import Any, ClassVar

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import Boolean, List, engine_fields, integer, schema_of
from bauerblock.api.game_schemas import (
    EVENTS,
    TEAM,
    ApiGame,
    Scoring,
    TeamPointsSchema,
    breakdown,
    entered,
    game_named,
    team,
)
from bauerblock.api.openapi import Answer, name_enum
from bauerblock.api.rules_schemas import rules_schema
from bauerblock.api.stats_schemas import (
    count,
    team_stats,
)
from bauerblock.engine.teams import Points
from bauerblock.games.bauerchen import rules as bauerchen
from bauerblock.games.bauerchen.rules import game as bauerchen_game
from bauerblock.games.bauerchen.rules import rules as bauerchen_rules
from bauerblock.games.bauerchen.rules.cards import achievable
from bauerblock.games.bauerchen.rules.game import MAX_SPRITZ, MELDS_PER_GAME, Band, MeldKind
from bauerblock.games.bauerchen.stats import Figures, ScorePoint

BANDS = name_enum("Band", [band.value for band in Band])
# A meld's kind is a component of its own, its members named for clients (20 is no name).
name_enum("MeldKind", [kind.value for kind in MeldKind], names=["TWENTY", "FORTY"])
TOTAL = bauerchen_rules.DECK_POINTS + max(bauerchen_rules.LAST_TRICK_BONUSES)
MELDS = sum(MELDS_PER_GAME.values())
MAX_SCORE_BEFORE = bauerchen_rules.OPTION_BOUNDS["target"][1] - 1
OPTION_WORDS = {
    "last_trick_bonus": "10 (Lautern) or 0 (ohne Letzten)",
    "schneider_free_at": (
        "the loser's frei line: 9 to half the game's total (65 with the last trick's 10, "
        "60 without); e.g. 62 with last_trick_bonus 0 is refused (422)"
    ),
    "knoddels_per_stein": "Knoddel that make a Stein",
    "carry_over": "Weiterschreiben (Siegelbach): points past the target count in the next round",
    "forty_rule": "a 40 counts 1 at target - 2",
    "solo_in_decider": "false: no Kart'ab in a Gehampelter (Ledig)",
    "round_limit": "the sheet is finished after this many rounds; 0: none",
    "rounds_to_win": "the sheet is finished once a team has won this many rounds; 0: none",
}
# 10 or 0: a whole number from 0 to 10 in steps of 10 (no enum class of numbers for clients).
STEPS = {"last_trick_bonus": max(bauerchen_rules.LAST_TRICK_BONUSES)}
RULES_SPEC, RULES = (
    rules_schema(
        bauerchen, bauerchen_rules.OPTION_BOUNDS, resolved=resolved, words=OPTION_WORDS, steps=STEPS
    )
    for resolved in (False, True)
)


class CardPointsSchema(Schema):
    """Card points of one team, or of both adding up to the game's total."""

    A = integer(0, TOTAL)
    B = integer(0, TOTAL)

    class Meta:
        json_schema: ClassVar = {
            "minProperties": 1,
            "description": (
                "Card points of one team, or of both adding up to the game's total (130, or "
                "120 without the last trick's 10). Only totals some tricks give count: 0, "
                f"8 to {max(p for p in achievable(10) if p < TOTAL)}, or all {TOTAL}; "
                "e.g. {'A': 5} or {'A': 125} is refused (422)."
            ),
            "example": {"A": 72},
        }


class RoundScoreSchema(Schema):
    """The round score before the game: each team from 0 to one below the target."""

    A = integer(0, MAX_SCORE_BEFORE)
    B = integer(0, MAX_SCORE_BEFORE)

    class Meta:
        json_schema: ClassVar = {
            "description": (
                "The round score before the game (default 0:0): each team below the target, "
                "e.g. {'A': 12} under target 12 is refused (422)."
            ),
            "example": {"A": 4, "B": 9},
        }


ResultSchema = schema_of("ResultSchema", engine_fields(bauerchen_game.Result))
"""A result entered without card points: the winner and the loser's band."""


SoloSchema = schema_of(
    "SoloSchema",
    {
        **engine_fields(bauerchen_game.Solo),
        "player": fields.Integer(
            strict=True,
            allow_none=True,
            validate=validate.Range(min=0, max=3),
            metadata={
                "description": (
                    "the soloist's seat, optional: one of the team's (0 or 2 for A, 1 or 3 for "
                    "B; another seat is refused with 422); it changes no points, only statistics"
                )
            },
        ),
    },
)
"""Kart'ab: the soloist's team and whether the solo was won."""


MeldSchema = schema_of("MeldSchema", engine_fields(bauerchen_game.Meld))
"""A 20 or a 40 declared by a team."""


# "Exactly one of" is said in words, not as JSON Schema's `not`/`anyOf`: a generator makes
# a model of every such inline schema. The engine checks it, each with its reason.
PLAY_WORDS = (
    "Exactly one of card_points, result or solo (else 422, reason `play_not_one`); a solo "
    "takes no melds and no spritz (`solo_alone`), and a Kart'ab in a Gehampelter is refused "
    "when the rules play Ledig (`solo_in_decider`)."
)
MELD_WORDS = (
    "20s and 40s in the order declared: at most three 20s and one 40, and none past the "
    "target: with the score at 11 of 12 a 40 is refused (422), and nothing melds after a "
    "meld that reached the target"
)


class BauerchenEntrySchema(Schema):
    """One game of Bauerchen as a table enters it on a sheet."""

    game = game_named("bauerchen")
    home = fields.String(
        validate=TEAM,
        metadata={"description": "the team that announced trumps; default: forehand's team"},
    )
    card_points = fields.Nested(CardPointsSchema)
    result = fields.Nested(
        ResultSchema, metadata={"description": "the winner and band, without card points"}
    )
    solo = fields.Nested(SoloSchema, metadata={"description": "a Kart'ab: no melds, no spritz"})
    melds = List(
        fields.Nested(MeldSchema),
        validate=validate.Length(max=MELDS),
        metadata={"description": MELD_WORDS},
    )
    spritz = integer(0, MAX_SPRITZ, metadata={"description": "how many times it was doubled"})

    class Meta:
        json_schema: ClassVar = {
            "description": PLAY_WORDS,
            "example": {
                "game": "bauerchen",
                "card_points": {"A": 72},
                "melds": [{"team": "B", "kind": "20"}],
            },
        }


class BauerchenScoreSchema(BauerchenEntrySchema):
    """A stateless scoring request: the game, the rules and the round score before it."""

    home = fields.String(
        required=True, validate=TEAM, metadata={"description": "the team that announced trumps"}
    )
    rules = fields.Nested(RULES_SPEC)
    score_before = fields.Nested(RoundScoreSchema)

    class Meta:
        exclude = ("game",)  # the path names the game
        json_schema: ClassVar = {
            **BauerchenEntrySchema.Meta.json_schema,
            "example": {
                "rules": {"preset": "lautern"},
                "home": "A",
                "card_points": {"A": 72},
                "melds": [{"team": "B", "kind": "20"}],
                "spritz": 1,
                "score_before": {"A": 4, "B": 9},
            },
        }


class BauerchenOutcomeSchema(Answer):
    """The points one game of Bauerchen gives, and whether it ended the round."""

    winner = team()
    band = fields.String(
        allow_none=True,
        validate=validate.OneOf(BANDS),
        metadata={"description": "the loser's band; null for a Kart'ab"},
    )
    away_win = Boolean(metadata={"description": "the team that was not home won"})
    game_points = fields.Nested(TeamPointsSchema)
    meld_points = fields.Nested(TeamPointsSchema)
    points = fields.Nested(TeamPointsSchema)
    score_after = fields.Nested(TeamPointsSchema)
    round_over = Boolean()
    round_winner = team(allow_none=True)
    breakdown = breakdown()


class BauerchenCurrentSchema(Answer):
    """Where a Bauerchen evening stands, and who deals the next game."""

    score = fields.Nested(TeamPointsSchema, metadata={"description": "the round's score"})
    knoddels = fields.Nested(TeamPointsSchema)
    steins = fields.Nested(TeamPointsSchema)
    decider = Boolean(metadata={"description": "the round is a Gehampelter"})
    dealer = fields.Integer()
    home = team(metadata={"description": "the team that plays home next (forehand's)"})
    round = fields.Integer(
        metadata={
            "description": "the round the next game opens or goes on; once the sheet is "
            "finished, one past the last (see finished and rounds_played)"
        }
    )
    games_played = fields.Integer()
    rounds_played = fields.Integer(metadata={"description": "rounds finished so far"})
    rounds_won = fields.Nested(
        TeamPointsSchema, metadata={"description": "the rounds each team has won so far"}
    )
    finished = Boolean(
        metadata={
            "description": "the round_limit is played or a team has won rounds_to_win rounds: "
            "the sheet takes no more games"
        }
    )


class BauerchenGameSchema(Answer):
    """One game of a Bauerchen sheet, as scored under its history."""

    number = fields.Integer()
    round = fields.Integer()
    dealer = fields.Integer()
    home = team()
    entry = fields.Nested(entered(BauerchenEntrySchema), metadata={"description": "as posted"})
    points = fields.Nested(TeamPointsSchema)
    score_after = fields.Nested(TeamPointsSchema)
    events = EVENTS
    winner = team()
    band = fields.String(allow_none=True, validate=validate.OneOf(BANDS))
    round_winner = team(allow_none=True)
    breakdown = breakdown()


BauerchenSeriesPointSchema = schema_of(
    "BauerchenSeriesPointSchema",
    engine_fields(
        ScorePoint,
        number="the game",
        round="the round it was played in",
        score="the round's score",
        steins="Steine so far",
        round_winner="the team whose round this game won; null: none",
        stein="the team that won a Stein with it; null: none",
    ),
    base=Answer,
)
"""Where a Bauerchen evening stood after one game."""


FIGURES = {
    "games": count("games played"),
    "games_won": count("games won"),
    "home_games": count("games played at home (announcing trumps)"),
    "home_won": count("games won at home"),
    "away_games": count("games played away"),
    "away_won": count("games won away"),
    "spritz_games": count("games spritzed (doubled) at least once"),
    "spritz_won": count("spritzed games won"),
    "schneider_won": count("games won with the loser schneider or schwarz"),
    "schwarz_won": count("games won with the loser schwarz"),
    "melds_20": count("20s melded"),
    "melds_40": count("40s melded"),
    "solos": count("Kart'ab played: a team's every one, a seat's only where the entry named it"),
    "solos_won": count("Kart'ab won (as solos)"),
    "rounds_won": count("rounds won"),
    "rounds_lost": count("rounds lost"),
    "knoddels": count("Knoddel taken (one for every round lost)"),
    "steins_won": count("Steine won"),
    "steins_lost": count("Steine lost"),
}
"""A Bauerchen team's or seat's figures (a seat's are its team's, but its own Kart'ab); a
roster player's sum them."""
assert set(FIGURES) == set(Figures().to_dict()), "every figure of the engine is documented"


STATS = team_stats(
    bauerchen.NAME, FIGURES, "Figures", BauerchenSeriesPointSchema, rounds=count("rounds finished")
)


def score(request: dict[str, Any]) -> bauerchen.Outcome:
    """Score the game a scoring request gives, from the round score before it."""
    rules = bauerchen.resolve_rules(request.pop("rules", None))
    before = request.pop("score_before", {})
    game = bauerchen.parse_game(request, rules)
    return bauerchen.score(game, rules, Points(before.get("A", 0), before.get("B", 0)))


SCORING = Scoring(
    request=BauerchenScoreSchema,
    answer=BauerchenOutcomeSchema,
    words="""Score one game of Bauerchen from the round score before it.

Stateless: nothing is stored. Give the game as a sheet's entry would be given, optionally
with the rules and the round score before it; the answer is the game's points, the round
score after it and whether the round is over.""",
    score=score,
)


API = ApiGame(
    game=bauerchen.NAME,
    engine=bauerchen,
    entry=BauerchenEntrySchema,
    record=BauerchenGameSchema,
    current=BauerchenCurrentSchema,
    rules_spec=RULES_SPEC,
    rules=RULES,
    stats=STATS,
    group={
        "bauerchen_evenings": fields.Integer(strict=True),
        "win_rate": fields.Float(
            allow_none=True, metadata={"description": "games_won / games; null without a game"}
        ),
        "steins_balance": fields.Integer(
            strict=True,
            metadata={"description": "steins_won minus steins_lost: the beer tally; sums to zero"},
        ),
    },
    group_figures=FIGURES,
    scoring=SCORING,
    words={
        "band": "how high the game was won: frei, schneider or schwarz",
        "bauerchen_evenings": "Bauerchen evenings the player sat in",
        "card_points": "the card points one team (or both) took",
        "game_points": "game points by team",
        "home": "the team that played at home (announced trumps)",
        "knoddels": "Knoddel taken, by team",
        "meld_points": "meld points by team",
        "steins": "Steine won, by team",
        ("Meld", "kind"): "20 or 40",
        ("EnteredMeld", "kind"): "20 or 40",
    },
)
