// npm test: the whole suite. The production build first (the e2e server and
// the `npm start` test need it), then unit and API tests (Vitest, on a real
// Postgres), then end-to-end tests (Playwright in Chromium). Every stage runs;
// the exit code is non-zero if any failed.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function stage(name, command, args, extraEnv = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return result.status === 0;
}

async function admin(work) {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client, url);
  } finally {
    await client.end();
  }
}

const node = process.execPath;
if (!stage("build", node, ["--import", "tsx", "scripts/build.ts"])) process.exit(1);

// Each runner also writes a JSON report, for the summary line at the end.
const REPORTS = "tests/.artifacts";
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const failed = [];
const vitestArgs = ["node_modules/vitest/vitest.mjs", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/vitest.json`];
if (!stage("unit and API tests (vitest)", node, vitestArgs)) failed.push("vitest");

const e2eEnv = { E2E_DATA_DIR: mkdtempSync(path.join(tmpdir(), "rd-e2e-")) };
let dropE2eDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `rd_e2e_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await admin(async (client, url) => {
    await client.query(`CREATE DATABASE "${name}"`);
    url.pathname = `/${name}`;
    e2eEnv.E2E_DATABASE_URL = url.toString();
  });
  dropE2eDatabase = () => admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
if (!stage("end-to-end tests (playwright)", node, ["node_modules/@playwright/test/cli.js", "test"], e2eEnv)) failed.push("playwright");
await dropE2eDatabase();
rmSync(e2eEnv.E2E_DATA_DIR, { recursive: true, force: true });

function counts() {
  const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
  const vitest = read(`${REPORTS}/vitest.json`);
  const playwright = read(`${REPORTS}/playwright.json`);
  return {
    passed: (vitest?.numPassedTests ?? 0) + (playwright?.stats.expected ?? 0),
    failed: (vitest?.numFailedTests ?? 0) + (playwright?.stats.unexpected ?? 0) + (playwright?.stats.flaky ?? 0),
    skipped: (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats.skipped ?? 0),
  };
}
const total = counts();
console.log(`\nTests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);

if (total.passed === 0) failed.push("no test ran");
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log("All test stages passed.");
