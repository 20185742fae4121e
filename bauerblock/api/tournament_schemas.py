"""Marshmallow schemas every tournament kind's API module builds on (`api.kinds`): the
roster's and the draw's requests, a table's sheet, the corrections, what a state and a
results list say first and last; and `ApiKind`, what a kind registers
(`api.kinds.API_KINDS`). Shapes and bounds; the engine judges."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import Boolean, player_name, schema_of, timestamp
from bauerblock.api.game_schemas import APIS
from bauerblock.api.openapi import name_enum
from bauerblock.api.paging import next_field, page_query
from bauerblock.api.property_words import PropertyWords
from bauerblock.store.tournaments import TournamentKind, table_game

CORRECTION_ACTIONS = name_enum("CorrectionAction", ["record", "amend", "delete"])

S = TypeVar("S", bound=TournamentKind)
"""The kind's stored tournament (its class in `store.tournaments.STORED_KINDS`)."""
Told = TypeVar("Told", bound=TournamentKind, contravariant=True)


class StateDocument(Protocol[Told]):
    """A kind's state as JSON: the stored tournament, given its edit token or None, with the
    draws `shown` (by number; None: every draw)."""

    def __call__(
        self, stored: Told, token: str | None, shown: range | None = None, /
    ) -> dict[str, Any]: ...


def shown_draws(drawn: int, shown: range | None) -> range:
    """Return the numbers of the draws a state lists: `shown` of the `drawn` (None: all)."""
    every = range(1, drawn + 1)
    return every if shown is None else every[shown.start - 1 : shown.stop - 1]


TournamentQuerySchema = page_query(
    "TournamentQuerySchema", "draws_from", "list the draws from this number on"
)
"""Which of a tournament's draws its state lists (the `limit` convention)."""


@dataclass(frozen=True)
class ApiKind(Generic[S]):
    """What the API documents of one kind of tournament: its body, its state (as read and
    as just created), its draw and its results list; and its state and draw as JSON, built
    from the stored kind's typed state."""

    kind: str
    new: type[Schema]
    """A new tournament of the kind, as `createTournament` takes it."""
    state: type[Schema]
    """The tournament as `getTournament` answers it."""
    created: type[Schema]
    """The tournament just created, with its edit token (`created`)."""
    draw: type[Schema]
    """A draw as a draw's step answers it (`drawNext`, `endDraw`): the tables' tokens too."""
    listed: type[Schema]
    """A draw as the state lists it and `getDraw` answers it: the tables' tokens only with the
    tournament's."""
    results: type[Schema]
    """The results list (`exportTournament` as JSON)."""
    document: StateDocument[S]
    """The stored tournament as JSON (`state`), given the tournament's edit token or None:
    with it each table's sheet holds its edit token too; the draws `shown` alone."""
    draw_document: Callable[[S, int, str | None], dict[str, Any]]
    """Draw `number` of the stored tournament as JSON (`draw`), given the token or None."""
    named: str = ""
    """The kind in a word of the API's messages ("": none but its `kind`)."""
    summary: str | None = None
    """What the kind is, in brief, as the document's tournaments tag says it (None:
    nothing)."""
    example: Mapping[str, Any] | None = None
    """A new tournament of the kind, as `createTournament` takes it: the document's example
    body is the first kind's."""
    words: PropertyWords = field(default_factory=dict)
    """The words of its own properties that say none (`api.property_words`)."""


MAX_SEED = 100
"""The longest seed a draw takes."""
ENDED = Boolean(required=True, metadata={"description": "the organiser ended the draw"})
"""A draw's `ended`, of every kind."""
CLOSED = Boolean(
    required=True,
    metadata={
        "description": "the next draw is made, the draw was ended or the tournament is "
        "finished: its tables take games only as the organiser's corrections"
    },
)
"""A draw's `closed`, of every kind."""
DRAW_CORRECTED = Boolean(
    required=True, metadata={"description": "the organiser corrected a game of the draw"}
)
"""A draw's `corrected`, of every kind."""
TABLE_CORRECTED = Boolean(
    required=True, metadata={"description": "the organiser corrected a game of this table"}
)
"""A draw's table's `corrected`, of every kind."""


class NewPlayerSchema(Schema):
    """A player registering late: plays from the next draw on."""

    name = player_name(
        "Erna",
        "a name not yet registered (ignoring case and repeated spaces): a name registered "
        "already answers 409 (`duplicate_name`), as a 201st player does (`too_many_players`)",
    )


class NewDrawSchema(Schema):
    """The next draw; the same seed on the same history gives the same draw."""

    seed = fields.String(
        validate=validate.Length(min=1, max=MAX_SEED),
        metadata={"description": "drawn at random if omitted", "example": "linde-2"},
    )


class TournamentPlayerSchema(Schema):
    """A registered player: the number never changes nor gets reused."""

    number = fields.Integer(strict=True, required=True)
    name = fields.String(required=True)
    active = Boolean(required=True, metadata={"description": "false once withdrawn"})
    joined_draw = fields.Integer(
        strict=True, required=True, metadata={"description": "the first draw the player is in"}
    )
    withdrawn_from = fields.Integer(
        strict=True,
        required=True,
        allow_none=True,
        metadata={"description": "the first draw the player is no longer in; null: active"},
    )
    missed = fields.List(
        fields.List(fields.Integer(strict=True), validate=validate.Length(equal=2)),
        required=True,
        metadata={
            "description": "draws missed between a withdrawal and a re-entry: "
            "[first missed, first back] each"
        },
    )


def numbers(words: str) -> fields.List:
    """Return a required list of players' or pairs' numbers, as `words` describe them."""
    return fields.List(fields.Integer(strict=True), required=True, metadata={"description": words})


class TableSheetLinksSchema(Schema):
    """Where a table's sheet lives."""

    self = fields.String(required=True, metadata={"description": "the sheet in the API"})
    view = fields.String(required=True, metadata={"description": "the read-only score sheet"})
    edit = fields.String(
        metadata={"description": "the table's pad; only with the tournament's token"}
    )


class TableSheetSchema(Schema):
    """A table's sheet (record its games through the sheets API or the pad)."""

    id = fields.String(required=True)
    edit_token = fields.String(
        metadata={"description": "the sheet's edit token; only with the tournament's token"}
    )
    links = fields.Nested(TableSheetLinksSchema, required=True)


class OrganiserTableSheetLinksSchema(TableSheetLinksSchema):
    """Where a table's sheet lives, as the organiser sees it: with the table's pad."""

    edit = fields.String(
        required=True, metadata={"description": "the table's pad (it carries the table's token)"}
    )


class OrganiserTableSheetSchema(TableSheetSchema):
    """A table's sheet as a draw step answers it (with the tournament's token): its token too."""

    edit_token = fields.String(required=True, metadata={"description": "the sheet's edit token"})
    links = fields.Nested(OrganiserTableSheetLinksSchema, required=True)


class CorrectionSchema(Schema):
    """A game the organiser recorded, amended or deleted at a table (the tournament's token)."""

    draw = fields.Integer(strict=True, required=True)
    table = fields.Integer(strict=True, required=True)
    game = fields.Integer(strict=True, required=True, metadata={"description": "its number"})
    action = fields.String(
        required=True,
        validate=validate.OneOf(CORRECTION_ACTIONS),
        metadata={"description": "what the organiser did to the game"},
    )
    at = timestamp(required=True, metadata={"description": "when, RFC 3339 in UTC"})
    # A re-seated table's shape is its kind's (the Paarturnier's `MoveSchema`), found by
    # name when the document is built: the shared frame names no kind's schema module.
    moved = fields.List(
        fields.Nested("MoveSchema"),
        required=True,
        metadata={
            "description": "the knock-out tables the correction re-seated (none when it "
            "changed no advancement)"
        },
    )


def kind_of(kind: str) -> fields.String:
    """Return the `kind` field of one kind's body, its name alone ("pairs")."""
    return fields.String(required=True, validate=validate.OneOf([kind]))


CORRECTIONS = fields.List(
    fields.Nested(CorrectionSchema),
    required=True,
    metadata={"description": "every correction the organiser made, oldest first"},
)
"""A tournament's corrections, in its state and in its results list (of either kind)."""
DRAWS_DRAWN = fields.Integer(strict=True, required=True, metadata={"description": "draws drawn"})


class ResultsHeadSchema(Schema):
    """What a results list of either kind says first; each kind names its `kind`."""

    id = fields.String(required=True)
    kind = fields.String(required=True)
    title = fields.String(required=True)
    created = timestamp(required=True)


class OrganiserTournamentLinksSchema(Schema):
    """Where the tournament lives, as its organiser sees it: with the organiser's page."""

    self = fields.String(required=True, metadata={"description": "the tournament in the API"})
    board = fields.String(required=True, metadata={"description": "the standings page"})
    organiser = fields.String(
        required=True, metadata={"description": "the organiser's page (it carries the token)"}
    )
    export = fields.String(required=True, metadata={"description": "the results list"})


class TournamentLinksSchema(Schema):
    """Where the tournament lives."""

    self = fields.String(required=True)
    board = fields.String(required=True, metadata={"description": "the standings page"})
    organiser = fields.String(
        metadata={"description": "the organiser's page; only with the tournament's token"}
    )
    export = fields.String(required=True)


def table_rules(kind: str | None, *, resolved: bool, **kwargs: Any) -> fields.Nested:
    """Return a field of the rules the tables of `kind` play (None: the first kind's, a body's
    naming none), asked for or resolved: their game's schema (`game_schemas.APIS`), found when
    first used, once the kinds are registered."""
    return fields.Nested(
        lambda: getattr(APIS[table_game(kind)], "rules" if resolved else "rules_spec"), **kwargs
    )


def resolved_rules(kind: str, words: str) -> fields.Nested:
    """Return a state's `rules`: the tables' resolved rules, with what the kind sets in them."""
    return table_rules(
        kind,
        resolved=True,
        required=True,
        metadata={"description": f"the tables' resolved rules; {words}"},
    )


def state_end(finished: str) -> dict[str, fields.Field]:
    """Return the fields a tournament's state ends with, after its kind's own (a schema's
    `Meta.include` comes last): whether it is finished, in the kind's words, its
    corrections, its links and the next page of its draws."""
    return {
        "finished": Boolean(required=True, metadata={"description": finished}),
        "corrections": CORRECTIONS,
        "links": fields.Nested(TournamentLinksSchema, required=True),
        "next": next_field("draws"),
    }


def created(state: type[Schema]) -> type[Schema]:
    """Return the schema of a tournament just created: its state with its edit token (shown
    this once), named `Created...` after the state's."""
    declared = {
        "edit_token": fields.String(required=True, metadata={"description": "shown this once"}),
        "links": fields.Nested(OrganiserTournamentLinksSchema, required=True),
    }
    return schema_of(f"Created{state.__name__}", declared, base=state)


class TournamentHeadSchema(Schema):
    """What a tournament's state of either kind says first; each kind names its `kind`.

    The document lists a base's fields first, then the kind's own (an override keeps the
    base's place), then its `Meta.include` (`state_end`).
    """

    id = fields.String(required=True)
    kind = fields.String(required=True)
    title = fields.String(required=True)
    version = fields.Integer(strict=True, required=True)
    created = timestamp(required=True)
    updated = timestamp(required=True)
