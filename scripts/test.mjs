// npm test: the whole suite. The production build first (the e2e server and
// the `npm start` test need it), then unit and API tests side by side (Vitest,
// on a real Postgres), then the operations tests one file at a time (each
// starts production servers, which must not compete for the 2 cores), then
// end-to-end tests (Playwright in Chromium). Every stage runs; the exit code
// is non-zero if any failed.
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
const vitest = (name, projects, workers) => [
  "node_modules/vitest/vitest.mjs",
  "run",
  ...projects.flatMap((p) => ["--project", p]),
  `--maxWorkers=${workers}`,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${REPORTS}/${name}.json`,
];
if (!stage("unit and API tests (vitest)", node, vitest("vitest-fast", ["unit", "api"], 3)))
  failed.push("unit and API tests");
if (!stage("operations tests (vitest)", node, vitest("vitest-ops", ["ops"], 1))) failed.push("operations tests");

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
if (!stage("end-to-end tests (playwright)", node, ["node_modules/@playwright/test/cli.js", "test"], e2eEnv))
  failed.push("playwright");
await dropE2eDatabase();
rmSync(e2eEnv.E2E_DATA_DIR, { recursive: true, force: true });

function counts() {
  const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
  const vitests = ["vitest-fast", "vitest-ops"].map((name) => read(`${REPORTS}/${name}.json`));
  const playwright = read(`${REPORTS}/playwright.json`);
  const sum = (key) => vitests.reduce((n, report) => n + (report?.[key] ?? 0), 0);
  return {
    passed: sum("numPassedTests") + (playwright?.stats.expected ?? 0),
    failed: sum("numFailedTests") + (playwright?.stats.unexpected ?? 0) + (playwright?.stats.flaky ?? 0),
    skipped: sum("numPendingTests") + sum("numTodoTests") + (playwright?.stats.skipped ?? 0),
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
