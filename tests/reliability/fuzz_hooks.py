"""Schemathesis hooks for the fuzz gate (tests/reliability/test_fuzz.py), loaded by its CLI.

- Tokens: every resource the run creates (any 201 answer with an `id` and an `edit_token`:
  sheets, and whatever later resources answer so) is remembered with its token; a request
  naming it in a path parameter sends its token. Sheets the test made before the run come
  in BAUERBLOCK_FUZZ_SHEETS (JSON: id -> {"token", "game", "games"}).
- Aim: a generated request to a sheet is aimed, by a hash of what was generated (so a run
  replays exactly), at one of those sheets (for a valid entry: a sheet of the entry's game)
  or left as generated (mostly an unknown sheet: 404). A request to a series is aimed so at
  the series the test made (BAUERBLOCK_FUZZ_SERIES: its players and running tournament).
- Checks beside `--checks all`: the security headers on every answer, and
  `valid_data_meets_only_the_rules`: a request the document allows may be refused (422) only
  by a rule of the game that JSON Schema cannot state, each named in a description.
"""

import json
import os
import re
import zlib

import schemathesis
from hypothesis.internal import lambda_sources

from bauerblock.web.guards import HEADERS

_describe = lambda_sources.lambda_description


def _lambda_description(f) -> str:
    # CPython 3.11.7's ast.parse fails with "AST constructor recursion depth mismatch" when
    # called deep in the stack (fixed in later 3.11 releases); hypothesis parses a lambda's
    # module only to name the lambda in a strategy's repr, so a plain name does.
    try:
        return _describe(f)
    except SystemError:
        return "lambda"


lambda_sources.lambda_description = _lambda_description

SHEETS: dict[str, dict] = json.loads(os.environ.get("BAUERBLOCK_FUZZ_SHEETS", "{}"))
MADE = list(SHEETS)
SERIES: dict[str, dict] = json.loads(os.environ.get("BAUERBLOCK_FUZZ_SERIES", "{}"))
"""Series the test made before the run: id -> {"token", "tournament", "players"}."""
WRONG_TOKEN = "not-the-edit-token"

# The refusals the document describes in words (schema descriptions), and no others.
RULES_NOT_IN_SCHEMA = [
    r"cannot have taken -?\d+ card points",  # CardPoints: totals no tricks give
    r"Card points must add up to",  # CardPoints: both teams' points add up to the total
    r"would reach \d+ with this (20|40); the round ends at",  # melds: none past the target
    r"A game has at most \d+ × (20|40)",  # melds: three 20s and one 40
    r"already won the round with a meld; nothing melds after",  # melds
    r"A round score runs from 0 to",  # RoundScore: below the target
    r"No Kart'ab in a Gehampelter",  # BauerchenEntry: solo_in_decider false
    r"Give exactly one of card_points, result or solo",  # BauerchenEntry: play_not_one
    r"A Kart'ab scores alone",  # BauerchenEntry: solo_alone
    r"Give exactly one of tricks .* or won",  # BolachenEntry: tricks_or_won
    r"A Brand needs its trump suit",  # BolachenEntry: trump_missing
    r"is played without trumps",  # BolachenEntry: trump_not_allowed
    r"schneider_free_at must lie between 9 and 60 when a game has 120",  # its description
    r"mord_pays_five is a rule of the hard score",  # its description
    r"the evening ended at game \d+",  # Bolachen limit: amend or delete to play on
    r"This Idempotency-Key was already used for a different (game|request)",  # Idempotency-Key
    r"An idempotency key has 8 to 64 characters",  # Idempotency-Key: its pattern
    r"This sheet is full: at most \d+ games",  # recordGame: its description (MAX_GAMES)
    r"solo\.player is the soloist's seat, one of team",  # Solo.player: a seat of that team
    r"bye_points must be a whole number from 0 to \d+",  # Format: at most rounds_per_draw
    r"leave round_limit out of the rules",  # NewTournament.rules: round_limit = rounds_per_draw
    r"leave rounds_to_win out of the rules",  # NewPairsTournament.rules: the format's rounds
    r"A player's name may not be blank",  # NewTournament.players: no blank name
    r"A draw needs at least \d+ active players",  # drawNext: four active players
    r"A tournament takes at most \d+ players",  # addTournamentPlayer: 200 at most
    r"is in the list twice \(player \d+\)",  # NewTournament.players: no name twice
    r"is given twice \(pair \d+ and pair \d+\)",  # NewPairsTournament.pairs: no name twice
    r"The knock-out needs at least \d+ pairs going on",  # NewPairsTournament: a knock-out
    r"The two names of pair \d+ are the same",  # NewPairsTournament.pairs: no name twice
    r"A name of pair \d+ is blank",  # NewPairsTournament.pairs: no blank name
    r"is twice on the roster",  # NewGroup.players: no name twice
    r"needs a name",  # NewGroup: a name of spaces only is blank
    r"A player sits on one seat only",  # NewGroup*Sheet.players: a player on two seats
    r"No one on the roster has number \d+",  # NewGroup*Sheet.players: an unknown number
    r"The series has no player \d+",  # the series' players: an unknown number
    r"Join takes tournament_id and tournament_token alone",  # createSeriesTournament: join
    r"tournaments cannot count when \d+ are planned",  # createSeries: counted over planned
    r"Series player \d+ is entered twice",  # createSeriesTournament: a number twice
    r"This tournament is not one of the series'",  # addSeriesTournamentPlayer: its description
    r"Unknown format field",  # NewSeriesTournament.format: another kind's field
    r"registers players, not pairs",  # NewSeriesTournament.pairs: a kind of pairs
    r"registers pairs \(two names each\), not players",  # NewSeriesTournament.players
]
ANOTHER_GAMES_FIELD = (
    r"Unknown field '\w+' in the (Bolachen )?game entry"
    r"|This is a \w+ sheet: an entry of \w+ is refused"  # an entry naming another game
)


def game_of_entry(body: object) -> str | None:
    """Return the game whose entry a body is shaped as (None: not an entry)."""
    if not isinstance(body, dict):
        return None
    if isinstance(body.get("game"), str):
        return body["game"]  # an entry names its game (clients of before v1.2 may not)
    if "winner" in body:
        return "bauerschspiel"
    if "declarer" in body or "contract" in body:
        return "bolachen"
    return "bauerchen"


@schemathesis.hook
def map_case(context, case):
    """Aim a request to a sheet (or a series) at a real one; or leave it as generated."""
    parameters = case.path_parameters or {}
    if "series_id" in parameters:
        return aim_at_series(case, parameters)
    if "sheet_id" not in parameters or not MADE:
        return case
    digest = zlib.crc32(repr((parameters, case.query, case.body, case.headers)).encode())
    digest, choice = divmod(digest, len(MADE) + 1)
    if choice == len(MADE):
        return case
    game = game_of_entry(case.body) if case.method in ("POST", "PUT") else None
    if game is not None and case.meta is not None and case.meta.generation.mode.is_positive:
        choice = next(i for i, sheet in enumerate(MADE) if SHEETS[sheet]["game"] == game)
    sheet_id = MADE[choice]
    parameters["sheet_id"] = sheet_id
    digest, number = divmod(digest, 5)
    if "number" in parameters and number < 4:
        parameters["number"] = 1 + number % SHEETS[sheet_id]["games"]
    return case


def aim_at_series(case, parameters: dict):
    """Aim a request to a series at the one made before the run (its players' numbers, its
    running tournament), four times in five; or leave it as generated."""
    if not SERIES:
        return case
    digest = zlib.crc32(repr((parameters, case.query, case.body, case.headers)).encode())
    digest, choice = divmod(digest, 5)
    if choice == 4:
        return case
    series_id, made = next(iter(SERIES.items()))
    parameters["series_id"] = series_id
    if "tournament_id" in parameters:
        parameters["tournament_id"] = made["tournament"]
    if "number" in parameters and digest % 5 < 4:
        parameters["number"] = 1 + digest % made["players"]
    return case


def token_for(case) -> str:
    """Return the edit token of the resource a request names (a wrong one for an unknown one)."""
    for value in (case.path_parameters or {}).values():
        made = (SHEETS.get(value) or SERIES.get(value)) if isinstance(value, str) else None
        if made:
            return made["token"]
    return WRONG_TOKEN


@schemathesis.auth(refresh_interval=None)
class SheetToken:
    """Authorise the requests that need the sheet's token (the document's security)."""

    def get(self, case, context):
        return token_for(case)

    def set(self, case, data, context):
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


@schemathesis.hook
def before_call(context, case, kwargs):
    """Send the token of the sheet the request names now: aims and links move requests."""
    sent = (case.headers or {}).get("Authorization", "")
    if sent.startswith("Bearer "):
        case.headers["Authorization"] = f"Bearer {token_for(case)}"


@schemathesis.hook
def after_call(context, case, response):
    """Remember every resource the run creates with its token (a sheet with its game)."""
    if response.status_code != 201 or "json" not in response.headers.get("content-type", [""])[0]:
        return
    body = response.json()
    if isinstance(body, dict) and "id" in body and "edit_token" in body:
        SHEETS[body["id"]] = {"token": body["edit_token"], "game": body.get("game"), "games": 1}


@schemathesis.check
def security_headers(ctx, response, case):
    """Every answer carries the security headers, errors included."""
    sent = response.headers
    missing = [name for name, value in HEADERS.items() if sent.get(name.lower()) != [value]]
    assert not missing, f"missing or changed security headers: {missing}"


@schemathesis.check
def valid_data_meets_only_the_rules(ctx, response, case):
    """A request the document allows is refused only by a rule its descriptions name."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    if response.status_code != 422:
        return None
    message = response.json()["message"]
    if any(re.search(rule, message) for rule in RULES_NOT_IN_SCHEMA):
        return None
    sheet = SHEETS.get((case.path_parameters or {}).get("sheet_id"))
    entry_game = game_of_entry(case.body)
    if sheet and entry_game != sheet["game"] and re.search(ANOTHER_GAMES_FIELD, message):
        return None  # SheetEntry's description: another game's entry is refused
    raise AssertionError(f"A request the document allows was refused: {message}")


# The discriminators the document asks every body to name, which the server takes the
# absence of from clients of before them (docs/api.md): a body without one is no refusal.
TOLERATED = {
    ("POST", "/sheets/{sheet_id}/games"): "game",
    ("PUT", "/sheets/{sheet_id}/games/{number}"): "game",
    ("POST", "/tournaments"): "kind",
}


@schemathesis.hook
def filter_case(context, case):
    """Leave out the negative cases whose body lacks a tolerated discriminator."""
    if case.meta is None or case.meta.generation.mode.is_positive:
        return True
    named = TOLERATED.get((case.method, case.path.removeprefix("/api/v1")))
    return named is None or not isinstance(case.body, dict) or named in case.body
