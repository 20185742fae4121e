"""The API's Paarturnier: its schemas (`kinds.pairs.schemas`), and its state and draws as
JSON (pairs, groups, draws with their matches, bracket, ranking), built from the stored
Paarturnier; registered as `API`."""

from typing import Any

from bauerblock.api.tournament_links import head, table_sheet
from bauerblock.api.tournament_schemas import ApiKind, shown_draws
from bauerblock.kinds.pairs import engine
from bauerblock.kinds.pairs.exports import groups_json, ranking_json, results_of
from bauerblock.kinds.pairs.schemas import (
    CreatedPairsTournamentSchema,
    ListedPairsDrawSchema,
    NewPairsTournamentSchema,
    PairsDrawSchema,
    PairsResultsListSchema,
    PairsTournamentSchema,
)
from bauerblock.kinds.pairs.store import StoredPairs


def document(
    stored: StoredPairs, token: str | None, shown: range | None = None, /
) -> dict[str, Any]:
    """Return the Paarturnier as JSON: pairs, groups, draws with matches, bracket, ranking
    (its groups and ranking as its results list tells them)."""
    tournament, results = stored.tournament, stored.results
    parts = results_of(stored)
    return {
        **head(stored),
        "format": tournament.format.to_dict(),
        "pairs": [{**pair.to_dict(), "active": True} for pair in tournament.pairs],
        "groups": groups_json(parts),
        "draws": [
            draw_document(stored, number, token)
            for number in shown_draws(len(tournament.draws), shown)
        ],
        "bracket": [round_.to_dict() for round_ in engine.knockout(tournament, results)],
        "standings": ranking_json(parts),
        "outlooks": [told.to_dict() for told in engine.outlooks(tournament, results)],
        "finished": stored.finished,
        "corrections": [correction.to_dict() for correction in stored.corrections],
    }


def draw_document(stored: StoredPairs, number: int, token: str | None) -> dict[str, Any]:
    """Return draw `number` as JSON: its stage, its matches with their results, the byes."""
    tournament, results = stored.tournament, stored.results
    made = tournament.draws[number - 1]
    tables = []
    for match in made.matches:
        result = engine.result_of(results, made, match)
        winner = engine.winner_of(tournament, results, made, match)
        tables.append(
            {
                "number": match.table,
                "pairs": list(match.pairs),
                "group": match.group,
                "third_place": match.third_place,
                "rounds_won": list(result.rounds),
                "score_difference": result.score_difference,
                "winner": winner,
                "finished": winner is not None,
                "corrected": stored.corrected(number, match.table),
                "sheet": table_sheet(stored, number, match.table, token),
            }
        )
    return {
        "number": made.number,
        "stage": made.stage.value,
        "seed": made.seed,
        "finished": engine.draw_finished(tournament, results, number),
        "ended": made.ended,
        "closed": stored.closed(number),
        "corrected": stored.corrected(number),
        "tables": tables,
        "byes": list(made.byes),
        "kind": stored.kind,
    }


API = ApiKind[StoredPairs](
    kind=engine.KIND,
    named="Paarturnier",
    summary="a Paarturnier (fixed pairs, groups, then a knock-out)",
    new=NewPairsTournamentSchema,
    state=PairsTournamentSchema,
    created=CreatedPairsTournamentSchema,
    draw=PairsDrawSchema,
    listed=ListedPairsDrawSchema,
    results=PairsResultsListSchema,
    document=document,
    draw_document=draw_document,
    words={
        "advance": "pairs of each group going on to the knock-out",
        "bracket": "the knock-out rounds, drawn or to come",
        "group_round": "the group round it plays next; null: none",
        "group_size": "pairs a group",
        "groups": "the groups with their standings",
        "matches": "the round's matches",
        "matches_played": "matches played",
        "matches_won": "matches won",
        "pair": "the pair's number",
        "pairs": "pairs' numbers",
        "round_difference": "rounds won less rounds lost",
        "rounds_to_win": "rounds a pair must win to win a match",
        "stage": "the Paarturnier's stage",
        "third_place": "the match for third place",
        ("BracketMatch", "winner"): "the pair that won; null: undecided",
        ("ListedMatchTable", "winner"): "the pair that won; null: undecided",
        ("MatchTable", "winner"): "the pair that won; null: undecided",
        ("PairsGroup", "name"): "the group's letter",
        ("PairsGroup", "standings"): "the group's standings, first place first",
        ("PairsGroup", "pairs"): "the group's pairs' numbers",
        ("BracketMatch", "pairs"): "the two pairs' numbers; null: not known yet",
        ("PairsTournament", "pairs"): "the registered pairs, by number",
        ("PairsTournament", "draws"): "the draws made, the first first",
    },
)
