// npm run bench [-- --rows 100000] [--seconds 10] [--rounds 3] [--skip-frontend | --frontend-only] [--only <text>[|<text>…]] [--embedded] [--mix seed|realistic]
//
// The benchmark suite against the production server on a real PostgreSQL
// (DATABASE_URL names the server; the suite uses its own database on it,
// repair_desk_bench_<rows>, seeded once and kept for later runs). The load
// comes from this process, the server runs in its own (npm start's path).
// Prints a table and writes bench-results/<time>.json and bench-results/latest.json.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { onServer as withClient } from "@/lib/db/admin";
import { liveServer } from "@/lib/runtime/data-dir-lock";
import { ensureBuild } from "../lib/build";
import { exitWith } from "../lib/config";
import { startInbox } from "../lib/mail-sink";
import { runLoad } from "./load";
import { ROOT, onlyTexts, ROWS, SECONDS, ROUNDS, EMBEDDED, EMBEDDED_DIR, MIX, values } from "./options";
import { dropBenchRepairs, prepareEmbedded, prepareDatabase, startServer, signIn, memoryNow } from "./server";
import { medianBy } from "./report";
import { apiScenarios } from "./api";
import { noticeDelivery, loginThroughput, listWhileSigningIn, listWhileUploading } from "./beside";
import { exportRun, whileExporting, memoryAfterWork } from "./exports";
import { jsonDepthTable, listWhileRefusingUploads, listWhileTakings } from "./hostile";
import { frontEnd } from "./frontend";

/**
 * This machine's speed right now, to compare runs: these shared machines vary
 * by up to 2x over a day. A bare Node HTTP server answering JSON (no Next, no
 * database) at c=16, and a Postgres round trip.
 */
async function calibration(url: string) {
  const port = 3990;
  const bare = spawn(
    process.execPath,
    [
      "-e",
      `require("node:http").createServer((q, s) => { s.setHeader("content-type", "application/json"); s.end(JSON.stringify({ status: "ok" })); }).listen(${port}, "127.0.0.1", () => console.log("up"))`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise((resolve) => bare.stdout!.once("data", resolve));
  const http = await runLoad({
    base: `http://127.0.0.1:${port}`,
    concurrency: 16,
    durationMs: 5_000,
    next: () => ({ name: "x", path: "/" }),
  });
  bare.kill();
  const roundTrip = await withClient(url, async (c) => {
    const times: number[] = [];
    for (let i = 0; i < 500; i++) {
      const started = performance.now();
      await c.query("SELECT 1");
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[250];
  });
  const result = { bareNodeHttpRps: http.rps, postgresRoundTripMs: Math.round(roundTrip * 1000) / 1000 };
  console.log(
    `Calibration: bare Node HTTP JSON server ${result.bareNodeHttpRps} req/s at c=16; Postgres round trip ${result.postgresRoundTripMs} ms`,
  );
  return result;
}

async function main() {
  if (!EMBEDDED && !process.env.DATABASE_URL)
    throw new Error(
      "The benchmark needs DATABASE_URL: a PostgreSQL server it may create a database on (or --embedded).",
    );
  await ensureBuild();
  let url = EMBEDDED ? null : await prepareDatabase();
  if (EMBEDDED) await prepareEmbedded();
  const inbox = await startInbox();
  const server = await startServer(url, inbox.url);
  if (!url) {
    // The embedded database is served by npm start's process on a loopback
    // port; what a previous run created goes, as on a server.
    url = liveServer(EMBEDDED_DIR)!.url!;
    await withClient(url, async (c) => {
      await dropBenchRepairs(c);
      for (const table of ["repair_records", "repair_words"]) await c.query(`VACUUM ANALYZE ${table}`);
    });
  }
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      memoryGB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    database: EMBEDDED ? "embedded (PGlite)" : "PostgreSQL server",
    rows: ROWS,
    secondsPerScenario: SECONDS,
    rounds: ROUNDS,
  };
  try {
    await sleep(3_000);
    const idle = memoryNow(server);
    console.log(
      `Memory at start, idle: server ${idle.serverMB} MB, npm start's process ${idle.parentMB} MB${EMBEDDED ? " (with the embedded database)" : ""}, both ${idle.pairMB} MB (PSS ${idle.pairPssMB} MB)`,
    );
    results.memoryAtStart = idle;
    results.calibration = await calibration(url);
    const session = await signIn(server.base);
    const shop = session.user.shopId;
    // --only <text>[|<text>…]: the API scenarios whose name holds one of them,
    // or the sections after them so named (notices, sign-in, photos, hostile, export, memory).
    const section = (name: string) => !values["frontend-only"] && (!values.only || onlyTexts().includes(name));
    if (!values["frontend-only"]) {
      console.log(
        `\nAPI, ${ROWS.toLocaleString("en")} repairs in one shop (${results.database}, ${MIX} status mix), ${SECONDS} s per scenario, ${ROUNDS} round${ROUNDS > 1 ? "s" : ""}:`,
      );
      results.api = await apiScenarios(server, url, shop);
    }
    if (section("notices")) results.noticeDelivery = await noticeDelivery(url, shop, inbox);
    if (section("sign-in")) {
      results.login = await loginThroughput(server);
      results.listWhileSigningIn = await listWhileSigningIn(server, (await signIn(server.base)).accessToken);
    }
    if (section("photos"))
      results.listWhileUploading = await listWhileUploading(server, (await signIn(server.base)).accessToken);
    if (section("hostile")) {
      console.log("\nHostile and heavy input:");
      const fresh = (await signIn(server.base)).accessToken;
      results.jsonDepth = await jsonDepthTable(server, fresh);
      results.listWhileRefusingUploads = await listWhileRefusingUploads(server, fresh);
      results.takings = await listWhileTakings(server, url, (await signIn(server.base)).accessToken);
    }
    // Long runs outlast the first session's access token.
    const token = (await signIn(server.base)).accessToken;
    if (section("export")) {
      console.log("\nExport (8 default fields):");
      // The 10k and 100k exports, like the API, are timed in every round; the median counts.
      results.export = [];
      for (const rows of [10_000, 100_000].filter((n) => n <= ROWS)) {
        const exports = [];
        for (let round = 0; round < ROUNDS; round++) exports.push(await exportRun(server, url, token, shop, rows));
        const median = medianBy(exports, (e) => e.seconds);
        if (ROUNDS > 1)
          console.log(`  export ${median.rows.toLocaleString("en")} rows, median of ${ROUNDS}: ${median.seconds} s`);
        (results.export as unknown[]).push({ ...median, secondsEachRound: exports.map((e) => e.seconds) });
      }
      if (ROWS > 100_000) (results.export as unknown[]).push(await exportRun(server, url, token, shop, ROWS));
      const exportRows = Math.min(100_000, ROWS);
      const last = (results.export as Array<{ rows: number; seconds: number }>).find((e) => e.rows >= exportRows * 0.9);
      results.whileExporting = await whileExporting(
        server,
        url,
        token,
        shop,
        exportRows,
        Math.min(SECONDS, (last?.seconds ?? 2) * 0.7),
      );
    }
    if (section("memory")) {
      console.log("\nMemory:");
      results.memory = await memoryAfterWork(server, url, token, shop);
    }
    if (!values["skip-frontend"]) {
      console.log("\nFront end (Chromium, production build):");
      // A fresh session: the first one's access token has expired over a long run.
      const session = await signIn(server.base);
      const someId = (
        (await (
          await fetch(`${server.base}/api/repairs?limit=1`, {
            headers: { authorization: `Bearer ${session.accessToken}` },
          })
        ).json()) as { repairs: Array<{ id: string }> }
      ).repairs[0].id;
      results.frontEnd = await frontEnd(server, session, someId);
    }
  } finally {
    await server.stop();
    await inbox.close();
  }
  const dir = path.join(ROOT, "bench-results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `${(results.date as string).replace(/[:.]/g, "-")}-${ROWS}${EMBEDDED ? "-embedded" : ""}.json`,
  );
  writeFileSync(file, JSON.stringify(results, null, 2));
  writeFileSync(path.join(dir, "latest.json"), JSON.stringify(results, null, 2));
  console.log(`\nResults: ${file}`);
}

main().then(() => process.exit(0), exitWith);
