"""Marshmallow schemas of the API's requests: they check shapes and document them exactly
(docs/api.md).

Every bound the server checks is stated here (ranges, enums, lengths, required fields,
exactly-one-of); what JSON Schema cannot say (card points no tricks give, a meld past the
target) is in the description, and the engine judges it.
"""

import copy
import dataclasses
from typing import Any, ClassVar

from marshmallow import INCLUDE, Schema, fields, validate

from bauerblock.api.openapi import Answer, OneOf, name_enum
from bauerblock.engine import bauerschspiel, bolachen, teams
from bauerblock.engine.bauerchen import rules as bauerchen_rules
from bauerblock.engine.bauerchen.cards import achievable
from bauerblock.engine.bauerchen.game import MAX_SPRITZ, MELDS_PER_GAME, Band, MeldKind
from bauerblock.engine.bolachen import rules as bolachen_rules
from bauerblock.engine.bolachen.game import TRICKS
from bauerblock.engine.games import GAMES, SheetGame
from bauerblock.store.sheets import MAX_NAME, MAX_TITLE

TEAMS = name_enum("Team", [team.value for team in teams.TEAMS])
BANDS = name_enum("Band", [band.value for band in Band])
MELD_KINDS = name_enum("MeldKind", [kind.value for kind in MeldKind], names=["TWENTY", "FORTY"])
CONTRACTS = name_enum("Contract", [contract.value for contract in bolachen.Contract])
SUITS = name_enum("Suit", [suit.value for suit in bolachen.Suit])
UNITS = name_enum("Unit", ["points", "cents"])
PRESETS = {
    game: name_enum(f"{game.capitalize()}Preset", list(module.PRESETS))
    for game, module in GAMES.items()
}
TEAM = validate.OneOf(TEAMS)
TOTAL = bauerchen_rules.DECK_POINTS + max(bauerchen_rules.LAST_TRICK_BONUSES)
MELDS = sum(MELDS_PER_GAME.values())
MAX_SCORE_BEFORE = bauerchen_rules.OPTION_BOUNDS["target"][1] - 1


class Boolean(fields.Boolean):
    """JSON's true or false and nothing else (marshmallow's own takes 1, "yes", "on" too)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class List(fields.List):
    """A list whose length is checked before any item is read: a flood costs nothing.

    marshmallow reads every item first and checks a Length after; a body of thousands of
    small items would be read in full just to be refused.
    """

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, list):
            for check in self.validators:
                if isinstance(check, validate.Length):
                    check(value)
        return super()._deserialize(value, attr, data, **kwargs)


def integer(low: int | None = None, high: int | None = None, **kwargs: Any) -> fields.Integer:
    """Return a strict whole-number field, within [low, high] where given."""
    if low is not None or high is not None:
        kwargs["validate"] = validate.Range(min=low, max=high)
    return fields.Integer(strict=True, **kwargs)


# --- Rules: one schema per game, made from the engine's option dataclass -----------------

OPTION_WORDS = {
    "preset": "the named rule set the options start from",
    "last_trick_bonus": "10 (Lautern) or 0 (ohne Letzten)",
    "schneider_free_at": (
        "the loser's frei line: 9 to half the game's total (65 with the last trick's 10, "
        "60 without); e.g. 62 with last_trick_bonus 0 is refused (422)"
    ),
    "target": "game points that win a round",
    "knoddels_per_stein": "Knoddel that make a Stein",
    "carry_over": "Weiterschreiben (Siegelbach): points past the target count in the next round",
    "forty_rule": "a 40 counts 1 at target - 2",
    "solo_in_decider": "false: no Kart'ab in a Gehampelter (Ledig)",
    "strokes": "strokes each team starts a board with",
    "tariff": "hard score: cents per unit of value; null: the soft score",
    "mord_pays_five": (
        "hard score: a Mord pays 5 × tariff instead of 3 ×; needs a tariff (the hard "
        "preset has one): true under the soft score is refused (422)"
    ),
    "limit": "the evening ends when a total reaches it; 0: no limit",
    "round_limit": "the sheet is finished after this many rounds; 0: none",
    "rounds_to_win": "the sheet is finished once a team has won this many rounds; 0: none",
}
# 10 or 0: a whole number from 0 to 10 in steps of 10 (no enum class of numbers for clients).
STEPS = {"last_trick_bonus": max(bauerchen_rules.LAST_TRICK_BONUSES)}
BOUNDS = {
    "bauerchen": bauerchen_rules.OPTION_BOUNDS,
    "bauerschspiel": bauerschspiel.OPTION_BOUNDS,
    "bolachen": bolachen_rules.OPTION_BOUNDS,
}


def _option(game: str, module: SheetGame, option: dataclasses.Field, resolved: bool):
    """Return the field of one rule option: its type, bounds and words."""
    metadata: dict[str, Any] = {
        "description": OPTION_WORDS.get(option.name, "an option of docs/rules.md")
    }
    kwargs: dict[str, Any] = {"metadata": metadata, "required": resolved}
    if option.name == "preset":
        # The engine's words: it would say the same of an unknown preset.
        error = "Unknown rule preset '{input}'. Choose one of: {choices}."
        return fields.String(validate=validate.OneOf(list(module.PRESETS), error=error), **kwargs)
    if option.type == "bool":
        return Boolean(**kwargs)
    if option.type == "int | None":
        kwargs["allow_none"] = True
    if option.name in STEPS:
        metadata["multipleOf"] = STEPS[option.name]
        return integer(0, STEPS[option.name], **kwargs)
    return integer(*BOUNDS[game].get(option.name, (None, None)), **kwargs)


def rules_schema(game: str, *, resolved: bool) -> type[Schema]:
    """Return the schema of a game's rules: asked for (all optional) or resolved (all given)."""
    module = GAMES[game]
    default = next(iter(module.PRESETS.values()))
    options = {
        option.name: _option(game, module, option, resolved)
        for option in dataclasses.fields(default)
    }
    name = f"{game.capitalize()}Rules{'' if resolved else 'Spec'}"
    if resolved:
        return schema_of(name, options, base=Answer)
    words = (
        f"A {game} preset (default {default.preset}) plus any option overridden (docs/rules.md); "
        "an option of another game is refused."
    )
    return schema_of(
        name, options, json_schema={"description": words, "example": {"preset": default.preset}}
    )


def schema_of(name: str, declared: dict, *, base: type[Schema] = Schema, **meta: Any):
    """Return a schema class named `name` with the `declared` fields and Meta options."""
    return type(name, (base,), {**declared, "Meta": type("Meta", (), meta)})


RULES_SPEC = {game: rules_schema(game, resolved=False) for game in GAMES}
RulesSpecSchema = RULES_SPEC["bauerchen"]
"""Bauerchen's rules as a request names them (the tournaments' tables take them too)."""


# --- Bauerchen ---------------------------------------------------------------------------


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


class ResultSchema(Schema):
    """A result entered without card points: the winner and the loser's band."""

    winner = fields.String(required=True, validate=TEAM)
    band = fields.String(required=True, validate=validate.OneOf(BANDS))


class SoloSchema(Schema):
    """Kart'ab: the soloist's team and whether the solo was won."""

    team = fields.String(required=True, validate=TEAM)
    won = Boolean(required=True)
    player = fields.Integer(
        strict=True,
        allow_none=True,
        validate=validate.Range(min=0, max=3),
        metadata={
            "description": (
                "the soloist's seat, optional: one of the team's (0 or 2 for A, 1 or 3 for B; "
                "another seat is refused with 422); it changes no points, only statistics"
            )
        },
    )


class MeldSchema(Schema):
    """A 20 or a 40 declared by a team."""

    team = fields.String(required=True, validate=TEAM)
    kind = fields.String(required=True, validate=validate.OneOf(MELD_KINDS))


def present(name: str, kind: str | None = None, **bounds: object) -> dict:
    """Return the JSON Schema of "the body has `name` (not null, of `kind`, within `bounds`)"."""
    schema = {"type": kind, **bounds} if kind else bounds
    return {"required": [name], "properties": {name: schema}} if schema else {"required": [name]}


def refuse_any(*shapes: dict) -> dict:
    """Return the JSON Schema that refuses a body of any of `shapes`.

    One `not` of the refused shapes, rather than a `oneOf` of the accepted ones: the same
    constraint, and a generated client keeps one plain class for the body.
    """
    return {"not": {"anyOf": list(shapes)}}


def exactly_one_of(*names: str) -> list[dict]:
    """Return the shapes that break "exactly one of `names`": none, or two of them."""
    pairs = [[a, b] for i, a in enumerate(names) for b in names[i + 1 :]]
    return [{"not": {"anyOf": [present(name) for name in names]}}] + [
        {"required": pair} for pair in pairs
    ]


# Exactly one of card_points, result or solo; a solo scores alone (no melds, no spritz).
PLAY_REFUSED = refuse_any(
    *exactly_one_of("card_points", "result", "solo"),
    {**present("solo"), "anyOf": [present("melds", minItems=1), present("spritz", minimum=1)]},
)
MELD_WORDS = (
    "20s and 40s in the order declared: at most three 20s and one 40, and none past the "
    "target: with the score at 11 of 12 a 40 is refused (422), and nothing melds after a "
    "meld that reached the target"
)


class BauerchenEntrySchema(Schema):
    """One game of Bauerchen as a table enters it on a sheet."""

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
            **PLAY_REFUSED,
            "description": (
                "Exactly one of card_points, result or solo; a Kart'ab in a Gehampelter is "
                "refused (422) when the rules play Ledig."
            ),
            "example": {"card_points": {"A": 72}, "melds": [{"team": "B", "kind": "20"}]},
        }


class BauerchenScoreSchema(BauerchenEntrySchema):
    """A stateless scoring request: the game, the rules and the round score before it."""

    home = fields.String(
        required=True, validate=TEAM, metadata={"description": "the team that announced trumps"}
    )
    rules = fields.Nested(RULES_SPEC["bauerchen"])
    score_before = fields.Nested(RoundScoreSchema)

    class Meta:
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


# --- Bauerschspiel -----------------------------------------------------------------------


class BauerschspielEntrySchema(Schema):
    """One game of Bauerschspiel: only the team that won it."""

    winner = fields.String(
        required=True, validate=TEAM, metadata={"description": "the team that won the game"}
    )

    class Meta:
        json_schema: ClassVar = {"example": {"winner": "A"}}


# --- Bolachen ----------------------------------------------------------------------------

# Exactly one of tricks or won (null is as good as absent), and a trump for a Brand only.
DEAL_REFUSED = refuse_any(
    {"not": {"anyOf": [present("tricks", "integer"), present("won", "boolean")]}},
    {"allOf": [present("tricks", "integer"), present("won", "boolean")]},
    {"properties": {"contract": {"enum": ["brand"]}}, "not": present("trump", "string")},
    {"allOf": [present("contract", enum=["bettel", "mord"]), present("trump", "string")]},
)


class BolachenEntrySchema(Schema):
    """One deal of Bolachen as a table enters it."""

    declarer = integer(
        0,
        bolachen.SEATS - 1,
        required=True,
        metadata={"description": "seat of the player who played (0..2)"},
    )
    contract = fields.String(required=True, validate=validate.OneOf(CONTRACTS))
    # null is as good as absent: the engine asks for what a contract needs.
    trump = fields.String(
        allow_none=True,
        validate=validate.OneOf(SUITS),
        metadata={"description": "the trump suit: required for brand, refused otherwise"},
    )
    tricks = integer(
        0,
        TRICKS,
        allow_none=True,
        metadata={"description": "the declarer's tricks; give this or won"},
    )
    won = Boolean(
        allow_none=True, metadata={"description": "whether the declarer won; or give tricks"}
    )

    class Meta:
        json_schema: ClassVar = {
            **DEAL_REFUSED,
            "example": {"declarer": 0, "contract": "brand", "trump": "herz", "tricks": 7},
        }


class BolachenScoreSchema(BolachenEntrySchema):
    """A stateless scoring request for one deal."""

    rules = fields.Nested(RULES_SPEC["bolachen"])

    class Meta:
        json_schema: ClassVar = {
            **BolachenEntrySchema.Meta.json_schema,
            "example": {
                "rules": {"preset": "soft"},
                "declarer": 0,
                "contract": "brand",
                "trump": "herz",
                "tricks": 7,
            },
        }


# --- Sheets ------------------------------------------------------------------------------


NAME_TOO_LONG = f"A player's name may be at most {MAX_NAME} characters long."


def new_sheet_schema(game: str) -> type[Schema]:
    """Return the schema of a new sheet of `game`: its seats, first dealer and rules."""
    seats, name = GAMES[game].SEATS, game.capitalize()
    players = ["Hans", "Grete", "Karl", "Lise"][:seats]
    return schema_of(
        f"New{name}Sheet",
        {
            "game": fields.String(required=True, validate=validate.OneOf([game])),
            "players": List(
                fields.String(validate=validate.Length(max=MAX_NAME, error=NAME_TOO_LONG)),
                validate=validate.Length(
                    equal=seats, error=f"{name} is played by {seats}: give {seats} player names."
                ),
                metadata={
                    "description": (
                        f"the {seats} names in clockwise seat order; blank: 'Spieler n'"
                    ),
                    "example": players,
                },
            ),
            "first_dealer": integer(
                0,
                seats - 1,
                metadata={"description": f"the seat that deals first (0..{seats - 1})"},
            ),
            "rules": fields.Nested(RULES_SPEC[game]),
            "title": fields.String(
                validate=validate.Length(
                    max=MAX_TITLE, error=f"The title may be at most {MAX_TITLE} characters long."
                ),
                metadata={"example": "Stammtisch", "description": "default: the game and date"},
            ),
        },
        json_schema={"example": {"game": game, "players": players, "title": "Stammtisch"}},
    )


class NewSheetSchema(OneOf):
    """A new sheet: the game, and optionally players, first dealer, rules and title."""

    choose_by = "game"
    members: ClassVar = {game: new_sheet_schema(game) for game in GAMES}


def _fields_of(game: str, schema: type[Schema]) -> dict[str, fields.Field]:
    """Return a schema's fields, optional and labelled with the game they belong to."""
    labelled = {}
    for name, field in schema._declared_fields.items():
        field = copy.deepcopy(field)
        field.required = False
        description = field.metadata.get("description")
        # A field's copy shares its metadata: label a new dict.
        field.metadata = {
            **field.metadata,
            "description": f"{game}: {description}" if description else game,
        }
        labelled[name] = field
    return labelled


class SheetEntryFieldsSchema(Schema):
    """The fields of every game's entry: the engine of the sheet's game judges the rest."""

    class Meta:
        # The engine of the sheet's game judges every field, its own and any other.
        unknown = INCLUDE
        include: ClassVar[dict[str, fields.Field]] = {
            **_fields_of("Bauerchen", BauerchenEntrySchema),
            **_fields_of("Bauerschspiel", BauerschspielEntrySchema),
            **_fields_of("Bolachen", BolachenEntrySchema),
        }


class SheetEntrySchema(OneOf):
    """A game recorded on a sheet: the entry of the sheet's game (another game's: 422)."""

    choose_by = None
    members: ClassVar = {
        "bauerchen": BauerchenEntrySchema,
        "bauerschspiel": BauerschspielEntrySchema,
        "bolachen": BolachenEntrySchema,
    }
    loader = SheetEntryFieldsSchema

    class Meta:
        description = (
            "The entry of the sheet's game, as for its stateless scoring without rules: "
            "Bauerchen (home derived from the dealer if missing), Bauerschspiel (the winner) or "
            "Bolachen. An entry of another game than the sheet's is refused (422)."
        )


class ExportQuerySchema(Schema):
    """Which file to export."""

    format = fields.String(
        load_default="csv",
        validate=validate.OneOf(["csv", "json", "pdf"]),
        metadata={"description": "csv (one row per game), json (the whole state) or pdf"},
    )


class SheetQuerySchema(Schema):
    """Which games of a long sheet to list."""

    games_from = fields.Integer(
        load_default=1,
        validate=validate.Range(min=1),
        metadata={"description": "list the games from this number on (and the rounds they closed)"},
    )
