// One entry of each game, one draw of each kind and a season (a Preisbauer and a
// Paarturnier of a series, entered by number, played out, ranked, exported, hidden and
// forgotten) through openapi-generator's typescript-fetch client, against a live server
// (tests/api/test_fetch_client.py).
import {
  Configuration,
  ResponseError,
  SeriesApiApi,
  SheetsApi,
  TournamentsApi,
  type AnyCreatedTournament,
  type NewAnyTournament,
  type NewSeriesTournament,
  type SheetEntry,
} from "./client";

declare const process: { env: Record<string, string | undefined> };
const basePath = process.env.BAUERBLOCK_URL ?? "";

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

const ENTRIES: SheetEntry[] = [
  { game: "bauerchen", cardPoints: { a: 72 }, melds: [{ team: "B", kind: "20" }] },
  { game: "bauerschspiel", winner: "A" },
  { game: "bolachen", declarer: 0, contract: "brand", trump: "herz", tricks: 7 },
];

async function recordEach(): Promise<void> {
  const sheets = new SheetsApi(new Configuration({ basePath }));
  for (const entry of ENTRIES) {
    const sheet = await sheets.createSheet({ newSheet: { game: entry.game } });
    check(sheet.game === entry.game, `createSheet: ${sheet.game}`);
    const own = new SheetsApi(new Configuration({ basePath, accessToken: sheet.editToken }));
    const recorded = await own.recordGame({ sheetId: sheet.id, sheetEntry: entry });
    const game = recorded.game;
    check(game.game === entry.game && game.number === 1, `recordGame: ${game.game}`);
    if (game.game === "bauerchen") check(game.points.b === 1, "Bauerchen: B's 20");
    if (game.game === "bauerschspiel") check(game.winner === "A", "Bauerschspiel: the winner");
    if (game.game === "bolachen") check(game.won && game.tricks === 7, "Bolachen: the tricks");
    check(recorded.state.current.gamesPlayed === 1, "the state after the game");
  }
}

const PLAYERS = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna"];
const TOURNAMENTS: NewAnyTournament[] = [
  { kind: "preisbauer", players: PLAYERS },
  {
    kind: "pairs",
    pairs: [0, 2, 4, 6].map((i) => [PLAYERS[i], PLAYERS[i + 1]]),
    format: { kind: "pairs", groupSize: 4, advance: 2 },
  },
];

async function drawEach(): Promise<void> {
  const tournaments = new TournamentsApi(new Configuration({ basePath }));
  for (const body of TOURNAMENTS) {
    const made = await tournaments.createTournament({ newAnyTournament: body });
    check(made.kind === body.kind, `createTournament: ${made.kind}`);
    const organiser = new Configuration({ basePath, accessToken: made.editToken });
    const draw = await new TournamentsApi(organiser).drawNext({ tournamentId: made.id });
    check(draw.kind === body.kind && draw.number === 1, `drawNext: ${draw.kind}`);
    if (draw.kind === "preisbauer") check(draw.tables.length === 2, "two tables of four");
    if (draw.kind === "pairs") {
      check(draw.stage === "group", `the stage: ${draw.stage}`);
      check(draw.tables.every((table) => table.pairs.length === 2), "two pairs a table");
    }
  }
}

const WIN: SheetEntry = { game: "bauerchen", solo: { team: "A", won: true, player: 0 } };

/** Draw and play every table of a tournament until it draws no more; return the draws. */
async function playOut(made: AnyCreatedTournament): Promise<number> {
  const organiser = new TournamentsApi(new Configuration({ basePath, accessToken: made.editToken }));
  for (let draws = 0; ; draws += 1) {
    let drawn;
    try {
      drawn = await organiser.drawNext({ tournamentId: made.id });
    } catch (error: unknown) {
      if (error instanceof ResponseError && error.response.status === 409) return draws;
      throw error;
    }
    for (const table of drawn.tables) {
      const pad = new SheetsApi(new Configuration({ basePath, accessToken: table.sheet.editToken }));
      await pad.recordGame({ sheetId: table.sheet.id, sheetEntry: WIN });
    }
  }
}

async function season(): Promise<number> {
  const reader = new SeriesApiApi(new Configuration({ basePath }));
  const made = await reader.createSeries({ newSeries: { name: "Westpfälzer Cup", season: "2027" } });
  const seriesId = made.id;
  const series = new SeriesApiApi(new Configuration({ basePath, accessToken: made.editToken }));
  for (const name of PLAYERS) {
    const added = await series.addSeriesPlayer({ seriesId, newSeriesPlayer: { name } });
    check(added.name === name, `addSeriesPlayer: ${added.number}`);
  }
  const bodies: NewSeriesTournament[] = [
    { title: "Preisbauer Erfenbach", players: [1, 2, 3, 4, 5, 6, 7], format: { draws: 2, rounds_per_draw: 1 } },
    { title: "Bauer-WM", pairs: [[1, 2], [3, 4], [5, 6], [7, 8]], format: { kind: "pairs", rounds_to_win: 1 } },
  ];
  for (const newSeriesTournament of bodies) {
    const tournament = await series.createSeriesTournament({ seriesId, newSeriesTournament });
    check(tournament.editToken !== "", "createSeriesTournament: the tournament's token");
    if (tournament.kind === "preisbauer") {
      const late = await series.addSeriesTournamentPlayer({
        seriesId,
        tournamentId: tournament.id,
        newSeriesTournamentPlayer: { player: 8 },
      });
      check(late.seriesNumber === 8 && !late.joined && late.number === 8, "addSeriesTournamentPlayer");
    }
    check((await playOut(tournament)) > 0, `${tournament.kind} played out`);
  }
  const board = await reader.getSeries({ seriesId });
  check(board.tournaments.every((t) => t.finished), "getSeries: both finished");
  check(board.ranking.length === PLAYERS.length && board.ranking.every((l) => l.tournaments === 2), "the Rangliste");
  const first = await reader.getSeriesPlayer({ seriesId, number: 1 });
  check(first.tournaments.length === 2 && first.points > 0, "getSeriesPlayer: two tournaments");
  const hidden = await series.updateSeriesPlayer({ seriesId, number: 2, seriesPlayerChange: { hidden: true } });
  check(hidden.hidden, "updateSeriesPlayer: hidden");
  await series.forgetSeriesPlayer({ seriesId, number: 3 });
  const csv = await reader.exportSeriesCsv({ seriesId });
  check(csv.includes("Spieler 2") && !csv.includes(PLAYERS[1]) && !csv.includes(PLAYERS[2]), "exportSeriesCsv");
  const json = await reader.exportSeriesJson({ seriesId });
  check(json.players[2].forgotten && json.players[2].name === "Spieler 3", "exportSeriesJson");
  const pdf = await reader.exportSeriesPdf({ seriesId });
  check((await pdf.slice(0, 4).text()) === "%PDF", "exportSeriesPdf: a PDF");
  const results = await reader.exportSeriesPlayerJson({ seriesId, number: 1 });
  check(results.tournaments.length === 2, "exportSeriesPlayerJson");
  return board.tournaments.length;
}

recordEach()
  .then(drawEach)
  .then(season)
  .then((tournaments) => console.log(`round trip: 3 games, 2 draws, a season of ${tournaments} tournaments`));
