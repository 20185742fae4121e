"""A client generated from the committed document by openapi-python-client, as a third-party
developer would make one, drives an evening against gunicorn with its typed models.

The generator runs offline (tests/api/generated.py) into a temporary folder, and the package
is imported from there. Each resource's test uses the
`bauerblock` fixture (the generated package) and `live_server`; a new resource (e.g.
tournaments) adds its own test here the same way, with `bauerblock.api.<tag>.<operation>`.
"""

import csv
import importlib
import io
import json
import pkgutil
import re
import sys
from http import HTTPStatus

import pytest

from tests.api.generated import OPENAPI_FILE, PACKAGE, python_client

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def bauerblock(tmp_path_factory):
    """Generate the client from the committed document; yield the imported package."""
    folder = tmp_path_factory.mktemp("generated")
    python_client(folder)
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def test_the_client_reads_like_a_hand_written_one(bauerblock):
    api = importlib.import_module(f"{PACKAGE}.api")
    functions = {
        module.name.rsplit(".", 1)[1]
        for tag in pkgutil.iter_modules(api.__path__, f"{api.__name__}.")
        for module in pkgutil.iter_modules(importlib.import_module(tag.name).__path__, "x.")
    }
    document = json.loads(OPENAPI_FILE.read_text())
    operations = [
        op for item in document["paths"].values() for key, op in item.items() if key != "parameters"
    ]
    # One function per operation, named after its operationId: createSheet -> create_sheet.
    assert functions == {
        re.sub(r"(?<!^)(?=[A-Z])", "_", op["operationId"]).lower() for op in operations
    }
    assert {"create_sheet", "record_game", "amend_game", "get_sheet", "export_sheet"} <= functions
    models = importlib.import_module(f"{PACKAGE}.models")
    assert [member.value for member in models.Team] == ["A", "B"]
    assert models.MeldKind.TWENTY == "20"
    # No class named after a path or an anonymous part of a schema.
    assert not [name for name in dir(models) if re.search(r"Type\d|Api|Post|Put", name)]


def test_an_evening_through_the_generated_client(bauerblock, live_server):
    from bauerblock_client import AuthenticatedClient, Client
    from bauerblock_client.api.scoring import score_bauerchen
    from bauerblock_client.api.sheets import (
        amend_game,
        create_sheet,
        delete_game,
        export_sheet,
        get_sheet,
        record_game,
    )
    from bauerblock_client.models import (
        Band,
        BauerchenEntry,
        BauerchenEntryGame,
        BauerchenScore,
        CardPoints,
        ChangedBauerchenSheet,
        CreatedBauerchenSheet,
        ExportFormat,
        Meld,
        MeldKind,
        NewBauerchenSheet,
        NewBauerchenSheetGame,
        RecordedGame,
        Refusal,
        Result,
        Team,
    )

    reader = Client(base_url=live_server)
    outcome = score_bauerchen.sync(
        client=reader, body=BauerchenScore(home=Team.A, card_points=CardPoints(a=72))
    )
    assert (outcome.winner, outcome.band, outcome.points.a) == (Team.A, Band.FREI, 1)

    players = ["Hans", "Grete", "Karl", "Lise"]
    body = NewBauerchenSheet(game=NewBauerchenSheetGame.BAUERCHEN, players=players, title="Linde")
    sheet = create_sheet.sync(client=reader, body=body)
    assert isinstance(sheet, CreatedBauerchenSheet)
    assert (sheet.players, sheet.current.score.a, sheet.rules.target) == (players, 0, 12)
    writer = AuthenticatedClient(base_url=live_server, token=sheet.edit_token)

    # Forehand (seat 1, team B) plays home; A takes 80 and B melds a 20.
    entry = BauerchenEntry(
        game=BauerchenEntryGame.BAUERCHEN,
        card_points=CardPoints(a=80),
        melds=[Meld(team=Team.B, kind=MeldKind.TWENTY)],
    )
    first = record_game.sync_detailed(
        sheet.id, client=writer, body=entry, idempotency_key="g1-key-01"
    )
    assert first.status_code == HTTPStatus.CREATED
    recorded = first.parsed
    assert isinstance(recorded, RecordedGame)
    assert (recorded.game.number, recorded.game.home, recorded.game.winner) == (1, Team.B, Team.A)
    assert first.headers["Location"].endswith(f"/sheets/{sheet.id}/games/1")
    assert (recorded.state.current.score.a, recorded.state.current.score.b) == (2, 1)
    retry = record_game.sync_detailed(
        sheet.id, client=writer, body=entry, idempotency_key="g1-key-01"
    )
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert retry.parsed.state.version == recorded.state.version

    refused = record_game.sync(
        sheet.id, client=AuthenticatedClient(base_url=live_server, token="x"), body=entry
    )
    assert isinstance(refused, Refusal) and refused.code == 403 and refused.message

    amended = amend_game.sync(
        sheet.id,
        1,
        client=writer,
        if_match=retry.headers["ETag"],
        body=BauerchenEntry(
            game=BauerchenEntryGame.BAUERCHEN, result=Result(winner=Team.B, band=Band.SCHNEIDER)
        ),
    )
    assert isinstance(amended, ChangedBauerchenSheet)
    assert (amended.current.score.a, amended.current.score.b) == (0, 2)
    assert amended.games[0].band == Band.SCHNEIDER and amended.games[0].round_winner is None
    assert amended.changed_game.number == 1 and amended.games_more is None

    read = get_sheet.sync_detailed(sheet.id, client=reader)
    assert read.status_code == HTTPStatus.OK and read.parsed.version == amended.version
    again = get_sheet.sync_detailed(sheet.id, client=reader, if_none_match=read.headers["ETag"])
    assert again.status_code == HTTPStatus.NOT_MODIFIED and again.parsed is None

    exported = export_sheet.sync_detailed(sheet.id, client=reader, format_=ExportFormat.CSV)
    rows = list(csv.DictReader(io.StringIO(exported.content.decode("utf-8-sig"))))
    assert len(rows) == 1

    stale = delete_game.sync(sheet.id, 1, client=writer, if_match=first.headers["ETag"])
    assert isinstance(stale, Refusal) and stale.code == 412
    emptied = delete_game.sync(sheet.id, 1, client=writer, if_match=read.headers["ETag"])
    assert isinstance(emptied, ChangedBauerchenSheet) and emptied.games == []
    assert emptied.changed_game is None


def test_a_small_tournament_through_the_generated_client(bauerblock, live_server):
    from bauerblock_client import AuthenticatedClient, Client
    from bauerblock_client.api.sheets import record_game
    from bauerblock_client.api.tournaments import (
        create_tournament,
        draw_next,
        get_tournament,
        redo_draw,
    )
    from bauerblock_client.models import (
        BauerchenEntry,
        BauerchenEntryGame,
        CreatedTournament,
        Draw,
        Format,
        NewDraw,
        NewTournament,
        NewTournamentKind,
        RecordedGame,
        Refusal,
        Solo,
        Team,
        Tiebreak,
        Tournament,
    )

    names = ["Hans", "Grete", "Karl", "Lise"]
    body = NewTournament(
        kind=NewTournamentKind.PREISBAUER,
        title="Preisbauer Linde",
        players=names,
        format_=Format(rounds_per_draw=1, draws=1, bye_points=0, tiebreak=Tiebreak.SHARED),
    )
    created = create_tournament.sync(client=Client(base_url=live_server), body=body)
    assert isinstance(created, CreatedTournament)
    assert [p.name for p in created.players] == names and created.format_.rounds_per_draw == 1
    organiser = AuthenticatedClient(base_url=live_server, token=created.edit_token)

    draw = draw_next.sync(created.id, client=organiser, body=NewDraw(seed="linde-1"))
    assert isinstance(draw, Draw) and draw.number == 1 and draw.byes == []
    assert draw.kind == "preisbauer"  # the union's discriminator chose the Preisbauer draw
    (table,) = draw.tables
    assert sorted(table.seats) == [1, 2, 3, 4] and table.sheet.edit_token

    # The table's pad is an ordinary sheet: team A (seats 0 and 2) wins a Kart'ab, 12 points.
    pad = AuthenticatedClient(base_url=live_server, token=table.sheet.edit_token)
    entry = BauerchenEntry(
        game=BauerchenEntryGame.BAUERCHEN, solo=Solo(team=Team.A, won=True, player=0)
    )
    recorded = record_game.sync(table.sheet.id, client=pad, body=entry)
    assert isinstance(recorded, RecordedGame) and recorded.state.current.finished

    refused = redo_draw.sync(created.id, 1, client=organiser)
    assert isinstance(refused, Refusal) and refused.code == 409 and refused.message

    state = get_tournament.sync(created.id, client=organiser)
    assert isinstance(state, Tournament) and state.finished and state.draws[0].finished
    points = {standing.player: (standing.place, standing.points) for standing in state.standings}
    winners = {table.seats[0], table.seats[2]}
    assert points == {p: ((1, 1) if p in winners else (3, 0)) for p in table.seats}


def test_a_season_through_the_generated_client(bauerblock, live_server):
    """A series of a Preisbauer and a Paarturnier, entered by number (and a late entrant),
    played to the end, read as the Rangliste and a player, exported, hidden and forgotten:
    every call through the generated client."""
    from bauerblock_client import AuthenticatedClient, Client
    from bauerblock_client.api.series_api import (
        add_series_player,
        add_series_tournament_player,
        create_series,
        create_series_tournament,
        export_series,
        export_series_csv,
        export_series_json,
        export_series_pdf,
        export_series_player_csv,
        forget_series_player,
        get_series,
        get_series_player,
        update_series_player,
    )
    from bauerblock_client.api.sheets import record_game
    from bauerblock_client.api.tournaments import draw_next
    from bauerblock_client.models import (
        BauerchenEntry,
        BauerchenEntryGame,
        CreatedPairsTournament,
        CreatedSeries,
        CreatedTournament,
        Draw,
        ExportFormat,
        NewSeries,
        NewSeriesPlayer,
        NewSeriesTournament,
        NewSeriesTournamentFormat,
        NewSeriesTournamentPlayer,
        PairsDraw,
        Refusal,
        Series,
        SeriesPlayer,
        SeriesPlayerChange,
        SeriesPlayerResults,
        SeriesScoring,
        SeriesTournamentPlayer,
        Solo,
        Team,
    )

    reader = Client(base_url=live_server)
    made = create_series.sync(
        client=reader,
        body=NewSeries(name="Westpfälzer Cup", season="2027", scoring=SeriesScoring.PLACES),
        idempotency_key="season-generated-0001",
    )
    assert isinstance(made, CreatedSeries) and made.players == []
    organiser = AuthenticatedClient(base_url=live_server, token=made.edit_token)
    names = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna", "Ida"]
    for name in names:
        added = add_series_player.sync(made.id, client=organiser, body=NewSeriesPlayer(name=name))
        assert isinstance(added, SeriesPlayer) and added.name == name
    win = BauerchenEntry(
        game=BauerchenEntryGame.BAUERCHEN, solo=Solo(team=Team.A, won=True, player=0)
    )

    def play(tournament: CreatedTournament | CreatedPairsTournament) -> int:
        """Draw and play every table until the tournament draws no more; return the draws."""
        leader = AuthenticatedClient(base_url=live_server, token=tournament.edit_token)
        draws = 0
        while isinstance(drawn := draw_next.sync(tournament.id, client=leader), Draw | PairsDraw):
            draws += 1
            if draws == 1 and isinstance(drawn, Draw):
                # A late entrant by number, and one by a new name, from the second draw.
                for player, joined in ((9, False), ("Jan", True)):
                    entered = add_series_tournament_player.sync(
                        made.id,
                        tournament.id,
                        client=organiser,
                        body=NewSeriesTournamentPlayer(player=player),
                    )
                    assert isinstance(entered, SeriesTournamentPlayer)
                    assert entered.joined is joined and entered.joined_draw == 2
            for table in drawn.tables:
                pad = AuthenticatedClient(base_url=live_server, token=table.sheet.edit_token)
                record_game.sync(table.sheet.id, client=pad, body=win)
        assert isinstance(drawn, Refusal) and drawn.code == 409
        return draws

    preisbauer = create_series_tournament.sync(
        made.id,
        client=organiser,
        body=NewSeriesTournament(
            title="Preisbauer Erfenbach",
            players=[1, 2, 3, 4, 5, 6, 7, 8],
            format_=NewSeriesTournamentFormat.from_dict({"draws": 2, "rounds_per_draw": 1}),
        ),
    )
    assert isinstance(preisbauer, CreatedTournament) and preisbauer.edit_token
    assert [p.name for p in preisbauer.players] == names[:8]
    assert play(preisbauer) == 2
    pairs = create_series_tournament.sync(
        made.id,
        client=organiser,
        body=NewSeriesTournament(
            title="Bauer-WM Rodenbach",
            pairs=[[1, 2], [3, 4], [5, 6], [7, "Kurt"]],
            format_=NewSeriesTournamentFormat.from_dict({"kind": "pairs", "rounds_to_win": 1}),
        ),
    )
    assert isinstance(pairs, CreatedPairsTournament)
    assert play(pairs) >= 2

    season = get_series.sync_detailed(made.id, client=reader)
    board = season.parsed
    assert isinstance(board, Series) and all(t.finished for t in board.tournaments)
    assert [t.kind.value for t in board.tournaments] == ["preisbauer", "pairs"]
    ranked = {line.number: line for line in board.ranking}
    assert set(ranked) == set(range(1, 12)) and board.unranked == []
    assert {line.tournaments for n, line in ranked.items() if n <= 7} == {2}
    assert sorted(line.place for line in board.ranking)[0] == 1
    again = get_series.sync_detailed(made.id, client=reader, if_none_match=season.headers["ETag"])
    assert again.status_code == HTTPStatus.NOT_MODIFIED
    hans = get_series_player.sync(made.id, 1, client=reader)
    assert isinstance(hans, SeriesPlayerResults)
    assert [t.title for t in hans.tournaments] == ["Preisbauer Erfenbach", "Bauer-WM Rodenbach"]
    assert hans.place == ranked[1].place and hans.points == ranked[1].points
    assert [p.number for p in hans.partners] and hans.partners[0].name in names

    hid = update_series_player.sync(
        made.id, 2, client=organiser, body=SeriesPlayerChange(hidden=True)
    )
    assert isinstance(hid, SeriesPlayer) and hid.hidden
    assert forget_series_player.sync_detailed(made.id, 3, client=organiser).status_code == 204
    # The CSV starts with a byte-order mark, for spreadsheets.
    text = (export_series_csv.sync(made.id, client=reader) or "").removeprefix("\ufeff")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:3] == ["place", "number", "name"] and len(rows) == 12
    shown = {int(row[1]): row[2] for row in rows[1:]}
    assert (shown[1], shown[2], shown[3]) == ("Hans", "Spieler 2", "Spieler 3")
    exported = export_series_json.sync(made.id, client=reader)
    assert isinstance(exported, Series)
    assert [p.name for p in exported.players][:3] == ["Hans", "Spieler 2", "Spieler 3"]
    pdf = export_series_pdf.sync_detailed(made.id, client=reader)
    assert pdf.content.startswith(b"%PDF") and b"Grete" not in pdf.content
    chosen = export_series.sync_detailed(made.id, client=reader, format_=ExportFormat.CSV)
    assert chosen.content.decode("utf-8-sig").startswith("place,number,name")
    results = export_series_player_csv.sync(made.id, 1, client=reader) or ""
    assert results.splitlines()[0].endswith("tournament,title,evening,place,points,counted")
    own = get_series.sync(made.id, client=organiser)
    assert isinstance(own, Series)
    assert [p.name for p in own.players][:3] == ["Hans", "Grete", "Spieler 3"]
