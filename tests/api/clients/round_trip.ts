// One entry of each game and one draw of each kind through openapi-generator's
// typescript-fetch client, against a live server (tests/api/test_fetch_client.py).
import {
  Configuration,
  SheetsApi,
  TournamentsApi,
  type NewAnyTournament,
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

recordEach()
  .then(drawEach)
  .then(() => console.log("round trip: 3 games, 2 draws"));
