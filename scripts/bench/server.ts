// The bench's database (seeded once, kept) and the production server it measures, started as npm start starts it.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import path from "node:path";
import type pg from "pg";
import { setTimeout as sleep } from "node:timers/promises";
import { onServer as withClient, quoteIdent, serverUrl } from "@/lib/db/admin";
import { ensureSecrets } from "@/lib/runtime/secrets";
import { sealStoredTokens } from "@/lib/status-link/token";
import { npmStartCommand, withStartDefaults } from "../lib/start-command";
import { proportionalMB, residentMB as rssMB } from "./load";
import { EMAIL, SECOND_EMAIL, PASSWORD, ROOT, ROWS, SECOND_SHOP_ROWS, EMBEDDED_DIR, MIX } from "./options";

function node(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { env, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited with ${code}`))));
  });
}

/**
 * The embedded database under EMBEDDED_DIR with at least ROWS repairs (seeded
 * through PGlite, kept for the next run); its URL is known once the server
 * serves it.
 */
export async function prepareEmbedded(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: EMBEDDED_DIR };
  delete env.DATABASE_URL;
  console.log(`Seeding the embedded database in ${EMBEDDED_DIR} up to ${ROWS.toLocaleString("en")} repairs...`);
  await node(["scripts/seed-repairs.ts", "--count", String(ROWS), "--mix", MIX], env);
  await node(["scripts/seed-repairs.ts", "--count", String(SECOND_SHOP_ROWS), "--email", SECOND_EMAIL], env);
}

/** The server's DATA_DIR on a PostgreSQL server (its secrets). */
const BENCH_DATA_DIR = path.join(ROOT, "bench-results", "data");

/** The bench database with at least ROWS repairs in the bench shop. */
export async function prepareDatabase(): Promise<string> {
  const name = `repair_desk_bench_${ROWS}${MIX === "seed" ? "" : `_${MIX}`}`;
  const url = serverUrl(process.env.DATABASE_URL!, name);
  await withClient(serverUrl(process.env.DATABASE_URL!, "postgres"), async (c) => {
    const { rowCount } = await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await c.query(`CREATE DATABASE ${quoteIdent(name)}`);
  });
  // Repairs a previous run created go, so every run starts from the same rows.
  await withClient(url, async (c) => {
    const { rowCount } = await c.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'repair_records'");
    if (rowCount) await dropBenchRepairs(c);
  });
  console.log(`Seeding ${name} up to ${ROWS.toLocaleString("en")} repairs (kept for the next run)...`);
  // The seed writes the status links sealed with the bench server's key, so
  // no run measures the server while it seals a million of them beside the
  // traffic; those of a database seeded before (in clear) are sealed here.
  const key = ensureSecrets(BENCH_DATA_DIR).ENCRYPTION_KEY;
  const env = { ...process.env, DATABASE_URL: url, ENCRYPTION_KEY: key };
  await node(["scripts/seed-repairs.ts", "--count", String(ROWS), "--mix", MIX], env);
  await node(["scripts/seed-repairs.ts", "--count", String(SECOND_SHOP_ROWS), "--email", SECOND_EMAIL], env);
  const sealed = await sealStoredTokens(url, key, { batch: 5000 });
  if (sealed > 0) console.log(`Sealed ${sealed.toLocaleString("en")} status links.`);
  await withClient(url, async (c) => {
    // As autovacuum would (off on some servers): the words' visibility map
    // lets a walk read their index alone.
    for (const table of ["repair_records", "repair_words"]) await c.query(`VACUUM ANALYZE ${table}`);
    await c.query("VACUUM repair_counts");
  });
  return url;
}

/** `pid` is the HTTP server's; `child` is npm start's process (its parent, holding an embedded database). */
export type Server = {
  base: string;
  pid: number;
  child: ChildProcess;
  /** The server's own report after a full collection (its SIGUSR2). */
  memoryReport: () => Promise<MemoryReport | undefined>;
  stop: () => Promise<void>;
};
type MemoryReport = { rssMB: number; heapUsedMB: number; heapTotalMB: number; externalMB: number };

export async function startServer(url: string | null, smtpUrl: string): Promise<Server> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDir = url ? BENCH_DATA_DIR : EMBEDDED_DIR;
  const env = { ...process.env };
  if (url) env.DATABASE_URL = url;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, npmStartCommand().args, {
    env: withStartDefaults({
      ...env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, "uploads"),
      // Clients are told apart by X-Forwarded-For, as behind a reverse proxy on loopback.
      TRUST_PROXY: "loopback",
      // Customer notices go to the bench's own SMTP server on loopback.
      SMTP_URL: smtpUrl,
      MAIL_FROM: "Bench shop <bench@example.com>",
      NOTICE_POLL_MS: "200",
      // The notices' scenario queues thousands in a minute: past the hourly cap it would measure refusals.
      SHOP_MAIL_PER_HOUR: "1000000",
      // The seed's photo records count against the shop's quota (7.8 GB of them at 1M repairs):
      // the photo uploads beside the list must not be refused for it.
      UPLOAD_QUOTA_MB: "10000000",
    }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The request log (one line per request, as in production) is read and dropped.
  let output = "";
  const memoryReports: MemoryReport[] = [];
  const pid = await new Promise<number>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      const match = output.match(/"pid":(\d+)[^\n]*"msg":"ready"/);
      if (match) {
        child.stdout!.off("data", onData);
        // From here only the memory reports (kill -USR2) are kept.
        createInterface({ input: child.stdout! }).on("line", (line) => {
          if (line.includes('"msg":"memory"')) memoryReports.push(JSON.parse(line) as MemoryReport);
        });
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid,
    child,
    memoryReport: async () => {
      const before = memoryReports.length;
      process.kill(pid, "SIGUSR2");
      for (let i = 0; i < 50 && memoryReports.length === before; i++) await sleep(100);
      return memoryReports.at(-1);
    },
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export async function signIn(base: string, email = EMAIL) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return (await response.json()) as { accessToken: string; refreshToken: string; user: { shopId: string } };
}

/**
 * The HTTP server's RSS, and with npm start's process (which holds an
 * embedded database); and the pair's PSS, what the two hold together.
 */
export function memoryNow(server: Server) {
  const serverMB = Math.round(rssMB(server.pid));
  const parentMB = Math.round(rssMB(server.child.pid!));
  const pairPssMB = Math.round(proportionalMB(server.pid) + proportionalMB(server.child.pid!));
  return { serverMB, parentMB, pairMB: serverMB + parentMB, pairPssMB };
}

export type Memory = ReturnType<typeof memoryNow>;
export const pairText = (m: Memory) =>
  `server ${m.serverMB} MB, npm start's process ${m.parentMB} MB, both ${m.pairMB} MB RSS, ${m.pairPssMB} MB PSS`;
export const pairVerdict = (m: Memory) =>
  `both ≤ 400: RSS ${m.pairMB <= 400 ? "✓" : "✗"}, PSS ${m.pairPssMB <= 400 ? "✓" : "✗"}`;

/**
 * Removes the repairs earlier runs made (numbered B-…) with their records:
 * a bench's rows, not a shop's, so the guard that keeps every payment
 * (payments_kept) is set aside for their payments alone.
 */
export async function dropBenchRepairs(c: pg.Client): Promise<void> {
  const theirs = "repair_id IN (SELECT id FROM repair_records WHERE repair_number LIKE 'B-%')";
  await c.query("BEGIN");
  try {
    await c.query("SET LOCAL session_replication_role = replica");
    await c.query(`DELETE FROM payments WHERE ${theirs}`);
    await c.query("SET LOCAL session_replication_role = origin");
    for (const table of ["status_history", "repair_events", "signatures"]) {
      await c.query(`DELETE FROM ${table} WHERE ${theirs}`);
    }
    await c.query("DELETE FROM repair_records WHERE repair_number LIKE 'B-%'");
    await c.query("COMMIT");
  } catch (error) {
    await c.query("ROLLBACK");
    throw error;
  }
}
