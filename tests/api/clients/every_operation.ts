// A browser app's use of every operation, typed by openapi-typescript's types of the
// committed document (tests/api/test_generated_types.py writes them to ./bauerblock.ts and
// runs `tsc --strict` on this file). It type-checks only if every union is discriminated,
// every body required where it is, and every answer typed.
import type { components, operations } from "./bauerblock";

type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;
type Body<O extends keyof operations> = Json<NonNullable<operations[O]["requestBody"]>>;
type Answer<O extends keyof operations, S extends keyof operations[O]["responses"]> = Json<
  operations[O]["responses"][S]
>;
type Schemas = components["schemas"];

const base = "https://bauerblock.example";

async function call<O extends keyof operations>(
  method: string,
  path: string,
  body?: Body<O>,
  token?: string,
): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  return fetch(`${base}${path}`, init);
}

// Every request body, of its own type: a missing operation or a wrong field fails tsc.
const bodies: { [O in keyof operations as Body<O> extends never ? never : O]: Body<O> } = {
  scoreBauerchen: { home: "A", card_points: { A: 72 } },
  scoreBolachen: { declarer: 0, contract: "brand", trump: "herz", tricks: 7 },
  createSheet: { game: "bolachen", players: ["Hans", "Grete", "Karl"] },
  recordGame: { game: "bauerchen", card_points: { A: 80 }, melds: [{ team: "B", kind: "20" }] },
  amendGame: { game: "bauerschspiel", winner: "B" },
  createTournament: { kind: "preisbauer", players: ["Hans", "Grete", "Karl", "Lise"] },
  addTournamentPlayer: { name: "Erna" },
  drawNext: { seed: "linde-2" },
  createGroup: { name: "Stammtisch Zur Linde", players: ["Hans"] },
  addGroupPlayer: { name: "Fritz" },
  createGroupSheet: { game: "bauerchen", players: [1, "Grete", "Karl", "Lise"] },
  createSeries: {
    name: "Westpfälzer Cup",
    season: "2027",
    scoring: "places",
    counted: 5,
    minimum: 2,
    planned: 8,
  },
  addSeriesPlayer: { name: "Hans" },
  updateSeriesPlayer: { hidden: true },
  createSeriesTournament: { title: "Erfenbach", players: [1, 2, 3, "Lise"] },
  addSeriesTournamentPlayer: { player: 7 },
};

// What the app reads from each answer: the unions narrow by their discriminators.
// A sheet as any answer gives it (a page, a created one): the standing is in every one.
type Standing<S> = Pick<S, Extract<keyof S, "game" | "current">>;
function score(
  sheet:
    | Standing<Schemas["BauerchenSheet"]>
    | Standing<Schemas["BauerschspielSheet"]>
    | Standing<Schemas["BolachenSheet"]>,
): string {
  switch (sheet.game) {
    case "bauerchen":
      return `${sheet.current.score.A}:${sheet.current.score.B}`;
    case "bauerschspiel":
      return `${sheet.current.strokes.A}:${sheet.current.strokes.B}`;
    case "bolachen":
      return sheet.current.totals.join(" ");
  }
}

function drawn(draw: Answer<"drawNext", 201> | Answer<"getDraw", 200>): number {
  switch (draw.kind) {
    case "preisbauer":
      return draw.tables.length;
    case "pairs":
      return draw.stage.length + draw.tables.length;
  }
}

function recorded(answer: Answer<"recordGame", 201>): number {
  return scoreAfter(answer.game);
}

function scoreAfter(game: Answer<"getGame", 200>): number {
  switch (game.game) {
    case "bauerchen":
      return game.score_after.A;
    case "bauerschspiel":
      return game.strokes_after.A;
    case "bolachen":
      return game.totals_after[0] ?? 0;
  }
}

const readers: { [O in keyof operations]: (response: Response) => Promise<unknown> } = {
  listRulesets: async (r) => ((await r.json()) as Answer<"listRulesets", 200>).map((s) => s.name),
  scoreBauerchen: async (r) => ((await r.json()) as Answer<"scoreBauerchen", 200>).points.A,
  scoreBolachen: async (r) => ((await r.json()) as Answer<"scoreBolachen", 200>).points,
  createSheet: async (r) => ((await r.json()) as Answer<"createSheet", 201>).edit_token,
  getSheet: async (r) => score((await r.json()) as Answer<"getSheet", 200>),
  recordGame: async (r) => recorded((await r.json()) as Answer<"recordGame", 201>),
  getGame: async (r) => scoreAfter((await r.json()) as Answer<"getGame", 200>),
  amendGame: async (r) => score((await r.json()) as Answer<"amendGame", 200>),
  deleteGame: async (r) => score((await r.json()) as Answer<"deleteGame", 200>),
  exportSheet: async (r) => (await r.blob()).size,
  exportSheetCsv: async (r) => (await r.text()).length,
  exportSheetJson: async (r) => score((await r.json()) as Answer<"exportSheetJson", 200>),
  exportSheetPdf: async (r) => (await r.blob()).size,
  getSheetStats: async (r) => ((await r.json()) as Answer<"getSheetStats", 200>).game,
  createTournament: async (r) => ((await r.json()) as Answer<"createTournament", 201>).kind,
  getTournament: async (r) => ((await r.json()) as Answer<"getTournament", 200>).finished,
  addTournamentPlayer: async (r) =>
    ((await r.json()) as Answer<"addTournamentPlayer", 201>).number,
  getTournamentPlayer: async (r) =>
    ((await r.json()) as Answer<"getTournamentPlayer", 200>).active,
  withdrawTournamentPlayer: async (r) => r.status === 204,
  reinstateTournamentPlayer: async (r) =>
    ((await r.json()) as Answer<"reinstateTournamentPlayer", 200>).active,
  drawNext: async (r) => drawn((await r.json()) as Answer<"drawNext", 201>),
  getDraw: async (r) => drawn((await r.json()) as Answer<"getDraw", 200>),
  redoDraw: async (r) => r.status === 204,
  endDraw: async (r) => drawn((await r.json()) as Answer<"endDraw", 200>),
  exportTournament: async (r) => (await r.blob()).size,
  getTournamentTable: async (r) =>
    ((await r.json()) as Answer<"getTournamentTable", 200>).links.self,
  reprintTableCard: async (r) => ((await r.json()) as Answer<"reprintTableCard", 200>).number,
  getTournamentSeat: async (r) => ((await r.json()) as Answer<"getTournamentSeat", 200>).table,
  exportTournamentCsv: async (r) => (await r.text()).length,
  exportTournamentJson: async (r) => ((await r.json()) as Answer<"exportTournamentJson", 200>).kind,
  exportTournamentPdf: async (r) => (await r.blob()).size,
  createGroup: async (r) => ((await r.json()) as Answer<"createGroup", 201>).edit_token,
  getGroup: async (r) => ((await r.json()) as Answer<"getGroup", 200>).players?.length,
  addGroupPlayer: async (r) => ((await r.json()) as Answer<"addGroupPlayer", 201>).number,
  createGroupSheet: async (r) => score((await r.json()) as Answer<"createGroupSheet", 201>),
  getGroupStats: async (r) => ((await r.json()) as Answer<"getGroupStats", 200>).version,
  createSeries: async (r) => ((await r.json()) as Answer<"createSeries", 201>).edit_token,
  getSeries: async (r) => ((await r.json()) as Answer<"getSeries", 200>).ranking.length,
  addSeriesPlayer: async (r) => ((await r.json()) as Answer<"addSeriesPlayer", 201>).number,
  getSeriesPlayer: async (r) => ((await r.json()) as Answer<"getSeriesPlayer", 200>).points,
  updateSeriesPlayer: async (r) => ((await r.json()) as Answer<"updateSeriesPlayer", 200>).hidden,
  forgetSeriesPlayer: async (r) => r.status === 204,
  createSeriesTournament: async (r) =>
    ((await r.json()) as Answer<"createSeriesTournament", 201>).id,
  addSeriesTournamentPlayer: async (r) =>
    ((await r.json()) as Answer<"addSeriesTournamentPlayer", 201>).series_number,
  exportSeries: async (r) => (await r.blob()).size,
  exportSeriesCsv: async (r) => (await r.text()).length,
  exportSeriesJson: async (r) => ((await r.json()) as Answer<"exportSeriesJson", 200>).ranking,
  exportSeriesPdf: async (r) => (await r.blob()).size,
  exportSeriesPlayer: async (r) => (await r.blob()).size,
  exportSeriesPlayerCsv: async (r) => (await r.text()).length,
  exportSeriesPlayerJson: async (r) =>
    ((await r.json()) as Answer<"exportSeriesPlayerJson", 200>).tournaments.length,
  exportSeriesPlayerPdf: async (r) => (await r.blob()).size,
  getProblemType: async (r) => ((await r.json()) as Answer<"getProblemType", 200>).reason,
};

export async function evening(token: string): Promise<unknown> {
  const made = await call<"createSheet">("POST", "/api/v1/sheets", bodies.createSheet);
  const id = (await readers.createSheet(made)) as string;
  return readers.recordGame(
    await call<"recordGame">("POST", `/api/v1/sheets/${id}/games`, bodies.recordGame, token),
  );
}
