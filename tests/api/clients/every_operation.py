"""A club's own app calling every operation through the client openapi-python-client
generates from the committed document (tests/api/test_generated_types.py runs
`mypy --strict` on it): it type-checks only if every body, parameter and answer is typed."""

from bauerblock_client import AuthenticatedClient, Client
from bauerblock_client.api.groups import (
    add_group_player,
    create_group,
    create_group_sheet,
    get_group,
    get_group_stats,
)
from bauerblock_client.api.rulesets import list_rulesets
from bauerblock_client.api.scoring import score_bauerchen, score_bolachen
from bauerblock_client.api.series_api import (
    add_series_player,
    add_series_tournament_player,
    create_series,
    create_series_tournament,
    export_series,
    export_series_csv,
    export_series_json,
    export_series_pdf,
    export_series_player,
    export_series_player_csv,
    export_series_player_json,
    export_series_player_pdf,
    forget_series_player,
    get_series,
    get_series_player,
    update_series_player,
)
from bauerblock_client.api.sheets import (
    amend_game,
    create_sheet,
    delete_game,
    export_sheet,
    get_game,
    get_sheet,
    record_game,
)
from bauerblock_client.api.stats import get_sheet_stats
from bauerblock_client.api.tournaments import (
    add_tournament_player,
    create_tournament,
    draw_next,
    end_draw,
    export_tournament,
    get_draw,
    get_tournament,
    get_tournament_player,
    redo_draw,
    reinstate_tournament_player,
    withdraw_tournament_player,
)
from bauerblock_client.models import (
    BauerchenEntry,
    BauerchenEntryGame,
    BauerchenScore,
    BauerschspielEntry,
    BauerschspielEntryGame,
    BolachenScore,
    CardPoints,
    Contract,
    CreatedBauerchenSheet,
    CreatedGroup,
    CreatedSeries,
    CreatedTournament,
    Draw,
    NewBauerchenSheet,
    NewBauerchenSheetGame,
    NewDraw,
    NewGroup,
    NewGroupBauerchenSheet,
    NewGroupBauerchenSheetGame,
    NewGroupPlayer,
    NewPlayer,
    NewSeries,
    NewSeriesPlayer,
    NewSeriesTournament,
    NewSeriesTournamentPlayer,
    NewTournament,
    NewTournamentKind,
    PairsDraw,
    RecordedBauerchenGame,
    RecordedGame,
    Refusal,
    SeriesPlayerChange,
    Suit,
    Team,
)


def evening(base: str) -> list[object]:
    """Call every operation once; return what each answered."""
    reader = Client(base_url=base)
    seen: list[object] = [
        list_rulesets.sync(client=reader),
        score_bauerchen.sync(
            client=reader, body=BauerchenScore(home=Team.A, card_points=CardPoints(a=72))
        ),
        score_bolachen.sync(
            client=reader,
            body=BolachenScore(declarer=0, contract=Contract.BRAND, trump=Suit.HERZ, tricks=7),
        ),
    ]
    sheet = create_sheet.sync(
        client=reader, body=NewBauerchenSheet(game=NewBauerchenSheetGame.BAUERCHEN)
    )
    assert isinstance(sheet, CreatedBauerchenSheet)
    pad = AuthenticatedClient(base_url=base, token=sheet.edit_token)
    entry = BauerchenEntry(game=BauerchenEntryGame.BAUERCHEN, card_points=CardPoints(a=80))
    recorded = record_game.sync(sheet.id, client=pad, body=entry, idempotency_key="evening-1")
    if isinstance(recorded, RecordedGame) and isinstance(recorded.game, RecordedBauerchenGame):
        seen.append(recorded.game.score_after.a)
    wrong = BauerschspielEntry(game=BauerschspielEntryGame.BAUERSCHSPIEL, winner=Team.A)
    tag = get_sheet.sync_detailed(sheet.id, client=reader).headers["ETag"]
    seen += [
        get_game.sync(sheet.id, 1, client=reader),
        amend_game.sync(sheet.id, 1, client=pad, body=wrong, if_match=tag),
        get_sheet.sync_detailed(sheet.id, client=reader, games_from=1).headers.get("ETag"),
        export_sheet.sync_detailed(sheet.id, client=reader).content,
        get_sheet_stats.sync(sheet.id, client=reader),
        delete_game.sync(sheet.id, 1, client=pad, if_match=tag),
    ]
    body = NewTournament(
        kind=NewTournamentKind.PREISBAUER, players=["Hans", "Grete", "Karl", "Lise"]
    )
    tournament = create_tournament.sync(client=reader, body=body)
    assert isinstance(tournament, CreatedTournament)
    organiser = AuthenticatedClient(base_url=base, token=tournament.edit_token)
    player = add_tournament_player.sync(
        tournament.id, client=organiser, body=NewPlayer(name="Erna")
    )
    seen += [
        player,
        get_tournament_player.sync(tournament.id, 5, client=reader),
        withdraw_tournament_player.sync(tournament.id, 5, client=organiser),
        reinstate_tournament_player.sync(tournament.id, 5, client=organiser),
    ]
    drawn = draw_next.sync(tournament.id, client=organiser, body=NewDraw(seed="linde-1"))
    if isinstance(drawn, Draw | PairsDraw):
        seen.append(drawn.kind)
    seen += [
        get_draw.sync(tournament.id, 1, client=organiser),
        redo_draw.sync(tournament.id, 1, client=organiser),
        end_draw.sync(tournament.id, 1, client=organiser),
        get_tournament.sync(tournament.id, client=reader),
        export_tournament.sync_detailed(tournament.id, client=reader).content,
    ]
    group = create_group.sync(client=reader, body=NewGroup(name="Stammtisch Zur Linde"))
    assert isinstance(group, CreatedGroup)
    keeper = AuthenticatedClient(base_url=base, token=group.edit_token)
    evening = NewGroupBauerchenSheet(
        game=NewGroupBauerchenSheetGame.BAUERCHEN, players=["Hans", "Grete", "Karl", "Lise"]
    )
    seen += [
        add_group_player.sync(group.id, client=keeper, body=NewGroupPlayer(name="Fritz")),
        create_group_sheet.sync(group.id, client=keeper, body=evening),
        get_group.sync(group.id, client=reader),
        get_group_stats.sync(group.id, client=reader),
    ]
    return seen + season(base)


def season(base: str) -> list[object]:
    """Call every operation of a series once; return what each answered."""
    reader = Client(base_url=base)
    series = create_series.sync(client=reader, body=NewSeries(name="Westpfälzer Cup"))
    assert isinstance(series, CreatedSeries)
    organiser = AuthenticatedClient(base_url=base, token=series.edit_token)
    made = create_series_tournament.sync(
        series.id, client=organiser, body=NewSeriesTournament(players=[1, "Hans", "Grete"])
    )
    tournament = made.id if made is not None and not isinstance(made, Refusal) else "none"
    late = NewSeriesTournamentPlayer(player="Karl")
    return [
        add_series_player.sync(series.id, client=organiser, body=NewSeriesPlayer(name="Lise")),
        add_series_tournament_player.sync(series.id, tournament, client=organiser, body=late),
        get_series.sync(series.id, client=reader),
        get_series_player.sync(series.id, 1, client=reader),
        update_series_player.sync(
            series.id, 1, client=organiser, body=SeriesPlayerChange(hidden=True)
        ),
        export_series.sync_detailed(series.id, client=reader).content,
        export_series_csv.sync(series.id, client=reader),
        export_series_json.sync(series.id, client=reader),
        export_series_pdf.sync_detailed(series.id, client=reader).content,
        export_series_player.sync_detailed(series.id, 1, client=reader).content,
        export_series_player_csv.sync(series.id, 1, client=reader),
        export_series_player_json.sync(series.id, 1, client=reader),
        export_series_player_pdf.sync_detailed(series.id, 1, client=reader).content,
        forget_series_player.sync(series.id, 1, client=organiser),
    ]
