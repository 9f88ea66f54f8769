// npm start's lasting process, run by scripts/start.mjs once the build is
// current (compiled into .next/start.mjs by the build, so it runs on plain
// Node): opens the database (DATABASE_URL, or the embedded PGlite under
// DATA_DIR), applies pending migrations, then serves the production build
// with scripts/serve.ts in a child process, sealing status links still in
// clear beside the traffic
// (request logs, graceful shutdown; instrumentation.ts prints the first-run
// instructions while no account exists). The embedded database stays in this one.
import { spawn } from "node:child_process";
import { setFlagsFromString } from "node:v8";
import { describeDatabaseUrl } from "@/lib/db/describe-url";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrate";
import { collectGarbage, memoryAfterCollection } from "@/lib/runtime/gc";
import { ensureSecrets } from "@/lib/runtime/secrets";
import { keyStoredRecoveryCodes } from "@/lib/auth/recovery-codes";
import { sealStoredTokens } from "@/lib/status-link/token";
import { rewriteSearchTexts } from "@/lib/repairs/search-rewrite";
import { SERVER_BUNDLE } from "./lib/build";
import { commandConfig, exitWith, settleUploadDir } from "./lib/config";

/**
 * V8's young generation at 4 MB a half instead of 16: a smaller nursery
 * keeps the idle server's memory down for a little more frequent scavenging.
 * And a 512 MB ceiling on the old generation, several times the server's
 * live heap: V8 lets garbage pile up in proportion to its ceiling, by default
 * a quarter of the machine's memory, so a large export swelled the server on
 * a big machine (docs/performance.md).
 */
const SERVER_FLAGS = ["--max-semi-space-size=4", "--max-old-space-size=512"];

/**
 * PGlite's Postgres is WebAssembly: V8 compiles it with its baseline compiler
 * (Liftoff) and recompiles hot functions with its optimizing one (TurboFan),
 * whose code is kept. Baseline only: much less memory, for CPU-bound
 * statements somewhat slower while the embedded database's targets hold
 * with room (docs/performance.md).
 */
const EMBEDDED_WASM_FLAGS = "--liftoff-only";

async function main() {
  const config = commandConfig();
  const secrets = ensureSecrets(config.dataDir);
  settleUploadDir(config);

  if (!config.databaseUrl) setFlagsFromString(EMBEDDED_WASM_FLAGS);
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres({ dataDir: config.dataDir });
  const databaseUrl = embedded?.url ?? config.databaseUrl!;
  console.log(
    embedded
      ? `Database: embedded PostgreSQL (PGlite) in ${config.dataDir}, served on ${new URL(databaseUrl).host}`
      : `Database: ${describeDatabaseUrl(databaseUrl)}`,
  );

  try {
    await applyMigrations(databaseUrl, { log: (line) => console.log(line) });
    const keyedCodes = await keyStoredRecoveryCodes(databaseUrl, secrets.ENCRYPTION_KEY);
    if (keyedCodes > 0) console.log(`Keyed the recovery codes of ${keyedCodes} account(s) with ENCRYPTION_KEY.`);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }

  const server = spawn(process.execPath, [...SERVER_FLAGS, SERVER_BUNDLE], {
    // The IPC channel tells the server when this process is gone (kill -9).
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(config.port),
      DATABASE_URL: databaseUrl,
      // PGlite runs one statement at a time: a small pool is enough and queues less.
      DB_POOL_MAX: process.env.DB_POOL_MAX ?? (embedded ? "4" : "10"),
      DATA_DIR: config.dataDir,
      UPLOAD_DIR: config.uploadDir,
      JWT_SECRET: secrets.JWT_SECRET,
      ENCRYPTION_KEY: secrets.ENCRYPTION_KEY,
      // glibc's MALLOC_ARENA_MAX and MALLOC_MMAP_THRESHOLD_ come from
      // package.json's start script (the Dockerfile's ENV), as this
      // process's own did: glibc reads them before a process runs.
    },
  });

  // Work an upgrade leaves runs beside the traffic, a batch at a time with a
  // pause between: the server serves from the start. Status links still in
  // clear (a release before the seal) are sealed, and every link works
  // before, during and after (a link is looked up by its hash); repairs with
  // a value in a field newly searched get their search text written again.
  // A stop ends a pass between two batches; the next start goes on with what
  // is left.
  const sealing = new AbortController();
  const pace = { batch: 500, pauseMs: 50, signal: sealing.signal };
  const pass = (name: string, run: Promise<number>, done: (count: number) => string) =>
    run.then(
      (count) => {
        if (count > 0) console.log(done(count));
      },
      (error: unknown) => console.error(`${name} stopped: ${(error as Error).message}`),
    );
  const sealed = pass(
    "Sealing the status links",
    sealStoredTokens(databaseUrl, secrets.ENCRYPTION_KEY, pace),
    (n) => `Sealed ${n} status link(s) with ENCRYPTION_KEY.`,
  ).then(() =>
    pass(
      "Writing the search texts again",
      rewriteSearchTexts(databaseUrl, pace),
      (n) => `Wrote the search text of ${n} repair(s) again (a field newly searched).`,
    ),
  );

  // A stop asked for (Ctrl-C, SIGTERM from docker or systemd) is forwarded; the
  // server finishes its requests in flight, then this process closes the
  // embedded database and exits 0.
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      stopping = true;
      sealing.abort();
      server.kill(signal);
    });
  }
  // What opening the database and the migrations left behind goes: from
  // here on this process only waits (and serves the embedded database).
  setTimeout(collectGarbage, 5_000).unref();
  // As the server does: its memory after a full collection, on `kill -USR2`.
  process.on("SIGUSR2", () =>
    console.log(JSON.stringify({ msg: "memory", pid: process.pid, ...memoryAfterCollection() })),
  );
  server.on("exit", async (code) => {
    sealing.abort();
    await sealed;
    await embedded?.stop();
    process.exit(stopping ? 0 : (code ?? 1));
  });
}

main().catch(exitWith);
