// Every kind of evening through openapi-fetch, typed by openapi-typescript's types of the
// committed document, against a live server (tests/api/test_openapi_fetch.py): an evening of
// each game (record, amend and delete with If-Match, a 304, statistics, exports), a
// Preisbauer (players, draws, the tables' games, an ended draw), a Paarturnier to its final,
// a Stammtisch and a season (a series of both kinds, entered by number, played out, exported). The types are used as they come: no `as`, no non-null assertion (the
// test refuses either), `tsc --strict`.
import createClient from "openapi-fetch";
import type { components, paths } from "./bauerblock";

declare const process: { env: Record<string, string | undefined> };
type Schemas = components["schemas"];

// The v1 error body is the JSON one: a client that names its media type gets `Refusal`.
const api = createClient<paths, "application/json">({ baseUrl: process.env.BAUERBLOCK_URL ?? "" });

// A client that prefers RFC 9457 problems names that media type: its errors are `Problem`.
const problems = createClient<paths, "application/problem+json">({
  baseUrl: process.env.BAUERBLOCK_URL ?? "",
  headers: { Accept: "application/problem+json", "Accept-Language": "de" },
});

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** Return an answer's data, or fail with the refusal's reason and words. */
function ok<T>(answer: { data?: T; error?: Schemas["Refusal"]; response: Response }, what: string): T {
  if (answer.data !== undefined) return answer.data;
  const refusal = answer.error;
  const words = refusal === undefined ? "" : `${refusal.reason}: ${refusal.message}`;
  throw new Error(`${what}: ${answer.response.status} ${words}`);
}

function etag(response: Response): string {
  const tag = response.headers.get("ETag");
  if (tag === null) throw new Error(`no ETag from ${response.url}`);
  return tag;
}

const ENTRIES: { [G in Schemas["Game"]]: Schemas["SheetEntry"][] } = {
  bauerchen: [
    { game: "bauerchen", card_points: { A: 72 }, melds: [{ team: "B", kind: "20" }] },
    { game: "bauerchen", result: { winner: "A", band: "schneider" }, spritz: 1 },
    { game: "bauerchen", solo: { team: "B", won: true, player: 1 } },
    { game: "bauerchen", result: { winner: "A", band: "schwarz" }, spritz: 3 },
  ],
  bauerschspiel: [
    { game: "bauerschspiel", winner: "A" },
    { game: "bauerschspiel", winner: "B" },
    { game: "bauerschspiel", winner: "A" },
  ],
  bolachen: [
    { game: "bolachen", declarer: 0, contract: "brand", trump: "herz", tricks: 7 },
    { game: "bolachen", declarer: 1, contract: "bettel", won: true },
    { game: "bolachen", declarer: 2, contract: "mord", won: false },
  ],
};

/** Record every entry of the sheet's game on it; return the sheet's ETag after them. */
async function recordAll(sheetId: string, token: string, entries: Schemas["SheetEntry"][]): Promise<string> {
  let tag = "";
  for (const [index, entry] of entries.entries()) {
    const answer = await api.POST("/api/v1/sheets/{sheet_id}/games", {
      params: { path: { sheet_id: sheetId }, header: { "Idempotency-Key": `${sheetId}-game-${index}` } },
      headers: bearer(token),
      body: entry,
    });
    const recorded = ok(answer, "recordGame");
    check(recorded.game.number === index + 1, `recordGame: game ${recorded.game.number}`);
    check(recorded.state.current.games_played === index + 1, "recordGame: the state after it");
    tag = etag(answer.response);
  }
  return tag;
}

/** What the evening's statistics say, in a line: each game's own figures, no cast. */
function figures(stats: Schemas["SheetStats"]): string {
  switch (stats.game) {
    case "bauerchen": {
      const seats = stats.players.map((seat) => `${seat.name} ${seat.games_won}/${seat.games}`);
      const last = stats.series[stats.series.length - 1];
      const winner = last === undefined || last.round_winner === null ? "-" : last.round_winner;
      return `${seats.join(", ")}; rounds ${stats.rounds}, A's Steine ${stats.teams.A.steins_won}, ${winner}`;
    }
    case "bauerschspiel":
      return `Nullchen ${stats.teams.A.nullchen}:${stats.teams.B.nullchen}, ${stats.series.length} games`;
    case "bolachen": {
      const paid = stats.payments.map((p) => `${p.from}->${p.to} ${p.amount}`).join(" ");
      return `${stats.players.map((seat) => seat.total).join(" ")} ${stats.unit} ${paid}`;
    }
  }
}

/** Where a sheet stands, in a line: each game's `current`. */
function standing(sheet: Schemas["Sheet"]): string {
  switch (sheet.game) {
    case "bauerchen":
      return `${sheet.current.score.A}:${sheet.current.score.B}, Steine ${sheet.current.steins.A}`;
    case "bauerschspiel":
      return `${sheet.current.strokes.A}:${sheet.current.strokes.B}`;
    case "bolachen":
      return sheet.current.totals.join(" ");
  }
}

async function evening(body: Schemas["NewSheet"]): Promise<string> {
  const game = body.game;
  const created = ok(await api.POST("/api/v1/sheets", { body }), "createSheet");
  check(created.game === game && created.links.export !== "", "createSheet: the game and links");
  const path = { sheet_id: created.id };
  const token = created.edit_token;
  let tag = await recordAll(created.id, token, ENTRIES[game]);

  // Amend game 1 with the version seen; the same If-Match again is stale (412).
  const amended = await api.PUT("/api/v1/sheets/{sheet_id}/games/{number}", {
    params: { path: { ...path, number: 1 }, header: { "If-Match": tag } },
    headers: bearer(token),
    body: ENTRIES[game][ENTRIES[game].length - 1],
  });
  check(ok(amended, "amendGame").games_from === 1, "amendGame: the page from game 1");
  const stale = await api.DELETE("/api/v1/sheets/{sheet_id}/games/{number}", {
    params: { path: { ...path, number: 1 }, header: { "If-Match": tag } },
    headers: bearer(token),
  });
  check(stale.response.status === 412 && stale.error?.reason === "stale_version", "a stale If-Match");
  const wrong = await problems.DELETE("/api/v1/sheets/{sheet_id}/games/{number}", {
    params: { path: { ...path, number: 1 }, header: { "If-Match": tag } },
    headers: bearer(token),
  });
  const problem = wrong.error;
  check(problem !== undefined && problem.status === 412 && problem.instance.endsWith("/games/1"), "a problem");
  tag = etag(amended.response);
  const deleted = await api.DELETE("/api/v1/sheets/{sheet_id}/games/{number}", {
    params: { path: { ...path, number: 1 }, header: { "If-Match": tag } },
    headers: bearer(token),
  });
  const after = ok(deleted, "deleteGame");
  check(after.current.games_played === ENTRIES[game].length - 1, "deleteGame: one game fewer");

  // A read, then the same read with its ETag: 304, no body.
  const read = await api.GET("/api/v1/sheets/{sheet_id}", { params: { path } });
  const sheet = ok(read, "getSheet");
  const again = await api.GET("/api/v1/sheets/{sheet_id}", {
    params: { path, header: { "If-None-Match": etag(read.response) } },
  });
  check(again.response.status === 304 && again.data === undefined, "getSheet: 304");

  const stats = ok(await api.GET("/api/v1/sheets/{sheet_id}/stats", { params: { path } }), "getSheetStats");
  check(stats.game === game && stats.games === sheet.current.games_played, "getSheetStats: the games");

  // Each export of one format, typed by its one media type.
  const json = ok(await api.GET("/api/v1/sheets/{sheet_id}/export/json", { params: { path } }), "exportSheetJson");
  check(json.version === sheet.version, "exportSheetJson: the sheet");
  const csv = ok(await api.GET("/api/v1/sheets/{sheet_id}/export/csv", { params: { path }, parseAs: "text" }), "exportSheetCsv");
  check(csv.split("\n").length === sheet.current.games_played + 2, "exportSheetCsv: a row a game");
  const pdf = ok(await api.GET("/api/v1/sheets/{sheet_id}/export/pdf", { params: { path }, parseAs: "blob" }), "exportSheetPdf");
  check((await pdf.slice(0, 4).text()) === "%PDF", "exportSheetPdf: a PDF");
  return `${game} ${standing(sheet)} | ${figures(stats)}`;
}

/** The leader of either kind of tournament: both kinds of standings name each line. */
function leader(tournament: Schemas["AnyTournament"]): string {
  const first = tournament.standings[0];
  return first === undefined ? "-" : `${first.place}. ${first.name}`;
}

const WIN: Schemas["BauerchenEntry"] = { game: "bauerchen", result: { winner: "A", band: "schwarz" }, spritz: 4 };

async function record(sheet: Schemas["OrganiserTableSheet"], entry: Schemas["SheetEntry"]): Promise<void> {
  ok(
    await api.POST("/api/v1/sheets/{sheet_id}/games", {
      params: { path: { sheet_id: sheet.id } },
      headers: bearer(sheet.edit_token),
      body: entry,
    }),
    "recordGame at a table",
  );
}

async function preisbauer(): Promise<string> {
  const players = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna", "Paul"];
  const body: Schemas["NewAnyTournament"] = {
    kind: "preisbauer",
    title: "Preisbauer Zur Linde",
    players,
    format: { rounds_per_draw: 1, draws: 2, bye_points: 1, tiebreak: "shared" },
  };
  const made = ok(await api.POST("/api/v1/tournaments", { body }), "createTournament");
  check(made.kind === "preisbauer" && made.links.organiser !== "", "createTournament: the organiser's page");
  const path = { tournament_id: made.id };
  const auth = bearer(made.edit_token);
  const late = ok(
    await api.POST("/api/v1/tournaments/{tournament_id}/players", { params: { path }, headers: auth, body: { name: "Marie" } }),
    "addTournamentPlayer",
  );
  check(late.number === players.length + 1 && late.withdrawn_from === null, "addTournamentPlayer: the number");
  const drawn = ok(await api.POST("/api/v1/tournaments/{tournament_id}/draws", { params: { path }, headers: auth, body: {} }), "drawNext");
  if (drawn.kind !== "preisbauer") throw new Error("drawNext: a Preisbauer's draw");
  for (const table of drawn.tables) {
    check(table.sheet.links.edit.includes(table.sheet.edit_token), "drawNext: each table's pad");
    await record(table.sheet, WIN);
  }
  const ended = ok(
    await api.POST("/api/v1/tournaments/{tournament_id}/draws/{number}/end", { params: { path: { ...path, number: 1 } }, headers: auth }),
    "endDraw",
  );
  check(ended.ended && ended.closed, "endDraw: ended");
  const withdrawn = await api.DELETE("/api/v1/tournaments/{tournament_id}/players/{number}", {
    params: { path: { ...path, number: 2 } },
    headers: auth,
  });
  check(withdrawn.response.status === 204, "withdrawTournamentPlayer");
  const back = ok(
    await api.POST("/api/v1/tournaments/{tournament_id}/players/{number}/reinstate", {
      params: { path: { ...path, number: 2 } },
      headers: auth,
    }),
    "reinstateTournamentPlayer",
  );
  check(back.active, "reinstateTournamentPlayer: active");
  const second = ok(await api.POST("/api/v1/tournaments/{tournament_id}/draws", { params: { path }, headers: auth, body: {} }), "drawNext");
  for (const table of second.tables) await record(table.sheet, WIN);
  const state = ok(await api.GET("/api/v1/tournaments/{tournament_id}", { params: { path } }), "getTournament");
  check(state.finished, "getTournament: finished after two draws");
  const results = ok(await api.GET("/api/v1/tournaments/{tournament_id}/export/json", { params: { path } }), "exportTournamentJson");
  check(results.kind === "preisbauer" && results.results.length === players.length + 1, "the results list");
  return `preisbauer ${leader(state)}`;
}

async function paarturnier(): Promise<string> {
  const pairs = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [`Erste ${n}`, `Zweite ${n}`]);
  const body: Schemas["NewAnyTournament"] = {
    kind: "pairs",
    title: "Bauer-WM",
    pairs,
    format: { kind: "pairs", rounds_to_win: 1, group_size: 4, advance: 2, third_place: true },
  };
  const made = ok(await api.POST("/api/v1/tournaments", { body }), "createTournament");
  const path = { tournament_id: made.id };
  const auth = bearer(made.edit_token);
  let draws = 0;
  for (;;) {
    const answer = await api.POST("/api/v1/tournaments/{tournament_id}/draws", { params: { path }, headers: auth, body: {} });
    if (answer.response.status === 409) break;
    const drawn = ok(answer, "drawNext");
    if (drawn.kind !== "pairs") throw new Error("drawNext: a Paarturnier's draw");
    draws += 1;
    for (const match of drawn.tables) {
      // The lower pair wins: it is team A when it sits first.
      const [first, second] = match.pairs;
      const team: Schemas["Team"] = first !== undefined && second !== undefined && first < second ? "A" : "B";
      await record(match.sheet, { ...WIN, result: { winner: team, band: "schwarz" } });
    }
  }
  const state = ok(await api.GET("/api/v1/tournaments/{tournament_id}", { params: { path } }), "getTournament");
  if (state.kind !== "pairs") throw new Error("getTournament: a Paarturnier");
  check(state.finished && state.bracket.length > 0, "getTournament: played to its final");
  const champion = state.standings[0];
  check(champion !== undefined && champion.names.join(" / ") === champion.name, "the pair's name");
  return `pairs ${draws} draws ${leader(state)}`;
}

/** An evening of the group in a line: its result, by its game. */
function result(evening: Schemas["GroupEvening"]): string {
  switch (evening.game) {
    case "bauerchen":
      return `${evening.result.score.A}:${evening.result.score.B} Knoddel ${evening.result.knoddels.B}`;
    case "bauerschspiel":
      return `${evening.result.strokes.A}:${evening.result.strokes.B}`;
    case "bolachen":
      return `${evening.result.totals.join(" ")} ${evening.result.unit}`;
  }
}

async function stammtisch(): Promise<string> {
  const body = { name: "Stammtisch Zur Linde", players: ["Hans", "Grete", "Karl", "Lise", "Otto"] };
  const made = ok(await api.POST("/api/v1/groups", { body }), "createGroup");
  const path = { group_id: made.id };
  const auth = bearer(made.edit_token);
  check(made.links.stats !== "" && made.players.length === 5, "createGroup: the roster");
  const fritz = ok(await api.POST("/api/v1/groups/{group_id}/players", { params: { path }, headers: auth, body: { name: "Fritz" } }), "addGroupPlayer");
  const evenings: [Schemas["NewGroupSheet"], Schemas["SheetEntry"][]][] = [
    [{ game: "bauerchen", players: [1, 2, 3, fritz.number] }, ENTRIES.bauerchen],
    [{ game: "bolachen", players: [1, 4, 5], rules: { preset: "hard" } }, ENTRIES.bolachen],
    [{ game: "bauerschspiel", players: [2, 3, 4, "Anna"] }, ENTRIES.bauerschspiel],
  ];
  for (const [sheet, entries] of evenings) {
    const created = ok(await api.POST("/api/v1/groups/{group_id}/sheets", { params: { path }, headers: auth, body: sheet }), "createGroupSheet");
    await recordAll(created.id, created.edit_token, entries);
  }
  const group = ok(await api.GET("/api/v1/groups/{group_id}", { params: { path } }), "getGroup");
  const lines = group.sheets.map(result);
  const stats = ok(await api.GET("/api/v1/groups/{group_id}/stats", { params: { path } }), "getGroupStats");
  const beer = stats.players.reduce((sum, player) => sum + player.steins_balance, 0);
  check(beer === 0 && stats.evenings === 3, "getGroupStats: the Steine balance sums to zero");
  const rates = stats.players.map((p) => (p.win_rate === null ? "-" : p.win_rate.toFixed(2)));
  const money = stats.players.map((p) => p.bolachen.cents).reduce((a, b) => a + b, 0);
  check(money === 0, "getGroupStats: the money balances sum to zero");
  return `stammtisch ${lines.join(" | ")} rates ${rates.join(" ")} partners ${stats.partners.length}`;
}

/** Draw and play every table until the tournament draws no more (409); return the draws. */
async function playOut(tournamentId: string, token: string): Promise<number> {
  const path = { tournament_id: tournamentId };
  for (let draws = 0; ; draws += 1) {
    const answer = await api.POST("/api/v1/tournaments/{tournament_id}/draws", { params: { path }, headers: bearer(token), body: {} });
    if (answer.response.status === 409) return draws;
    for (const table of ok(answer, "drawNext").tables) await record(table.sheet, WIN);
  }
}

/** A season: a Preisbauer and a Paarturnier of a series, entered by number (and a late
 * entrant), played out, read as the Rangliste and a player, exported, hidden, forgotten. */
async function season(): Promise<string> {
  const names = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna"];
  const made = ok(await api.POST("/api/v1/series", { body: { name: "Westpfälzer Cup", season: "2027" } }), "createSeries");
  const path = { series_id: made.id };
  const auth = bearer(made.edit_token);
  for (const name of names) {
    ok(await api.POST("/api/v1/series/{series_id}/players", { params: { path }, headers: auth, body: { name } }), "addSeriesPlayer");
  }
  const bodies: Schemas["NewSeriesTournament"][] = [
    { title: "Preisbauer Erfenbach", players: [1, 2, 3, 4, 5, 6, 7], format: { draws: 2, rounds_per_draw: 1 } },
    { title: "Bauer-WM", pairs: [[1, 2], [3, 4], [5, 6], [7, 8]], format: { kind: "pairs", rounds_to_win: 1 } },
  ];
  for (const body of bodies) {
    const tournament = ok(await api.POST("/api/v1/series/{series_id}/tournaments", { params: { path }, headers: auth, body }), "createSeriesTournament");
    if (tournament.kind === "preisbauer") {
      const late = ok(
        await api.POST("/api/v1/series/{series_id}/tournaments/{tournament_id}/players", {
          params: { path: { ...path, tournament_id: tournament.id } },
          headers: auth,
          body: { player: 8 },
        }),
        "addSeriesTournamentPlayer",
      );
      check(late.series_number === 8 && late.name === "Anna", "addSeriesTournamentPlayer: by number");
    }
    check((await playOut(tournament.id, tournament.edit_token)) > 0, `${tournament.kind}: played out`);
  }
  const read = await api.GET("/api/v1/series/{series_id}", { params: { path } });
  const board = ok(read, "getSeries");
  check(board.tournaments.every((t) => t.finished) && board.ranking.length === names.length, "getSeries: the Rangliste");
  const again = await api.GET("/api/v1/series/{series_id}", { params: { path, header: { "If-None-Match": etag(read.response) } } });
  check(again.response.status === 304, "getSeries: 304");
  const first = ok(await api.GET("/api/v1/series/{series_id}/players/{number}", { params: { path: { ...path, number: 1 } } }), "getSeriesPlayer");
  check(first.tournaments.length === 2, "getSeriesPlayer: both tournaments");
  ok(
    await api.PATCH("/api/v1/series/{series_id}/players/{number}", { params: { path: { ...path, number: 2 } }, headers: auth, body: { hidden: true } }),
    "updateSeriesPlayer",
  );
  const forgotten = await api.DELETE("/api/v1/series/{series_id}/players/{number}", { params: { path: { ...path, number: 3 } }, headers: auth });
  check(forgotten.response.status === 204, "forgetSeriesPlayer");
  const json = ok(await api.GET("/api/v1/series/{series_id}/export/json", { params: { path } }), "exportSeriesJson");
  const shown = json.players.map((p) => p.name);
  check(shown.includes("Spieler 2") && !shown.includes("Grete") && !shown.includes("Karl"), "exportSeriesJson: the names");
  const csv = ok(await api.GET("/api/v1/series/{series_id}/export/csv", { params: { path }, parseAs: "text" }), "exportSeriesCsv");
  check(csv.split("\n").length === names.length + 2 && !csv.includes("Grete"), "exportSeriesCsv: a row a player");
  const pdf = ok(await api.GET("/api/v1/series/{series_id}/players/{number}/export/pdf", { params: { path: { ...path, number: 1 } }, parseAs: "blob" }), "exportSeriesPlayerPdf");
  check((await pdf.slice(0, 4).text()) === "%PDF", "exportSeriesPlayerPdf: a PDF");
  const leader = board.ranking[0];
  return `season ${board.tournaments.length} tournaments ${leader === undefined ? "-" : `${leader.place}. ${leader.name}`}`;
}

async function main(): Promise<void> {
  const told: string[] = [];
  told.push(await evening({ game: "bauerchen", rules: { preset: "lautern" }, title: "Stammtisch" }));
  told.push(await evening({ game: "bauerschspiel", players: ["Hans", "Grete", "Karl", "Lise"] }));
  told.push(await evening({ game: "bolachen", rules: { preset: "hard", tariff: 20 }, first_dealer: 1 }));
  told.push(await preisbauer());
  told.push(await paarturnier());
  told.push(await stammtisch());
  told.push(await season());
  for (const line of told) console.log(line);
  console.log(`every kind of evening: ${told.length}`);
}

main().catch((error: unknown) => {
  console.error(error);
  throw error;
});
