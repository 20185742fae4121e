"""The words of a property whose field says none of its own: one meaning a name has wherever
it stands (`WORDS`), or in one schema (`WORDS_IN`, by the component's name; a created
resource's, `Created<X>`, by <X>'s). A game's or a
kind's own properties are worded in its API part alike (`ApiGame.words`, `ApiKind.words`:
`PropertyWords`), and a list of the games or the kinds in words (`{games}`, `{kinds}`) is
the registered ones', in their order. The converter (`api.openapi.Converter`) gives them to
every property of the document without a description; a field's own words win."""

from collections.abc import Iterable, Mapping
from typing import Any

PropertyWords = Mapping[str | tuple[str, str], str]
"""Words of properties by name, or by (component, name) where the name means more."""

WORDS = {
    "A": "team A's (seats 0 and 2)",
    "B": "team B's (seats 1 and 3)",
    "breakdown": "how the points came about, a line a step (a code and English words)",
    "code": "the line's code, stable for translation",
    "current": "where the evening stands after its last game",
    "dealer": "the seat that dealt",
    "draw": "the draw's number",
    "edit_token": "the edit token, shown this once: writes need it",
    "entrant": "whose seat this is: the player, or the pair",
    "evenings": "evenings played",
    "export": "the export (CSV by default; `/csv`, `/json`, `/pdf` for one format)",
    "final": "the score the round ended on",
    "finished": "played out",
    "first_dealer": "the seat that dealt the first game",
    "format": "how the tournament is played",
    "game": "the game: {games}",
    "games": "games played",
    "games_played": "games played so far",
    "games_won": "games won",
    "id": "the id, as in the resource's address",
    "kind": "the kind: {kinds}",
    "links": "where it lives: the API's address and the app's pages",
    "name": "its name",
    "number": "the number, counted from 1 and never reused",
    "options": "the preset's options, resolved",
    "partners": "each pair of roster players as partners",
    "players": "the players, in seat order",
    "points": "the points this scored",
    "results": "the lines of the results list, first place first",
    "round": "the round it belongs to",
    "round_over": "the game ended the round",
    "round_winner": "the team that won the round with this game; null: none",
    "rounds_played": "rounds played",
    "rules": "the rules: a preset and any options over it",
    "score_after": "the round's score after this game",
    "score_before": "the round's score before this game (default 0:0)",
    "score_difference": "score points won less score points lost",
    "seed": "the seed the draw was drawn with: the same seed on the same history draws the same",
    "self": "this in the API",
    "sheet": "the table's score sheet",
    "standings": "the standings, first place first",
    "tables": "the draw's tables",
    "table": "the table's number",
    "team": "the team",
    "teams": "the figures of each team",
    "text": "the line in English words",
    "title": "the title as its maker gave it (or the default)",
    "tournament": "the tournament in the API",
    "type": "the problem type's URI reference",
    "version": "grows with every write",
    "winner": "the team that won",
    "won": "it was won",
}
"""A property's words by its name, wherever its field says none."""

WORDS_IN = {
    ("TournamentPlayer", "name"): "the player's name",
    ("GroupPlayerStats", "name"): "the roster player's name",
    ("GroupStats", "name"): "the group's name",
    ("Group", "name"): "the group's name",
    ("Partners", "games"): "games the two played as partners",
    ("Partners", "games_won"): "games the two won as partners",
    ("Group", "players"): "the roster, by number",
    ("GroupStats", "players"): "each roster player's figures, by number",
}
"""A property's words in one schema, by (component, property), where the name means more."""


def words_of(component: str, prop: str) -> str | None:
    """Return the words of `prop` of `component` (its own, else its name's), the house's or
    a registered game's or kind's, or None."""
    # Imported when asked: the games' and the kinds' API parts import the converter.
    from bauerblock.api.game_schemas import APIS
    from bauerblock.api.kinds import API_KINDS

    tables: list[Mapping[Any, str]] = [
        WORDS_IN,
        WORDS,
        *(game.words for game in APIS.values()),
        *(kind.words for kind in API_KINDS.values()),
    ]
    # A created resource's answer (`Created<X>`) says its properties in the words of <X>'s.
    keys = ((component, prop), (component.removeprefix("Created"), prop), prop)
    said = next((table[key] for key in keys for table in tables if key in table), None)
    return None if said is None else said.format(games=_either(APIS), kinds=_either(API_KINDS))


def _either(names: Iterable[str]) -> str:
    """Return names as a choice in words: "a, b or c"."""
    *some, last = names
    return f"{', '.join(some)} or {last}" if some else last
