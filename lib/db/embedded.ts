import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { acquireDataDirLock } from "@/lib/runtime/data-dir-lock";
import { MAINTENANCE, startMaintenance, type Maintenance, type MaintenanceTiming } from "./embedded-maintenance";
import { BatchAwareQueue } from "./pglite-queue";

// The embedded default when no DATABASE_URL is set: PGlite (Postgres compiled
// to WebAssembly) persisted under DATA_DIR, served on a loopback port so the
// app reaches it through the same pg / @prisma/adapter-pg path as a real server.
// PGlite runs one statement at a time; the socket server queues connections
// and, while one is inside a transaction, serves only that one.

export type EmbeddedPostgres = { url: string; maintenance: Maintenance; stop: () => Promise<void> };

/**
 * Postgres' shared buffers inside PGlite's WebAssembly memory, which never
 * shrinks: 128 MB by default. Emscripten zero-fills the pool when Postgres
 * maps it, so all of it is resident from the start, used or not. Pages
 * beyond these come from the operating system's file cache (a system call
 * each). 32 MB is as fast as 64 now that the searches and the queues read
 * their own indexes, for less memory (docs/performance.md).
 */
export const EMBEDDED_SHARED_BUFFERS = "32MB";
const START_PARAMS = [...PGlite.defaultStartParams, "-c", `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  maxConnections?: number;
  /** When autovacuum's work runs (lib/db/embedded-maintenance.ts). */
  maintenance?: MaintenanceTiming;
}): Promise<EmbeddedPostgres> {
  const lock = acquireDataDirLock(options.dataDir);
  try {
    const db = await PGlite.create(path.join(options.dataDir, "pglite"), {
      extensions: { pg_trgm },
      startParams: START_PARAMS,
    });
    const server = new PGLiteSocketServer({
      db,
      host: "127.0.0.1",
      port: options.port ?? 0,
      maxConnections: options.maxConnections ?? 16,
    });
    // Keep each connection's protocol batch together (see pglite-queue.ts).
    const queue = new BatchAwareQueue(db);
    (server as unknown as { queryQueue: BatchAwareQueue }).queryQueue = queue;
    await server.start();
    const maintenance = startMaintenance(db, queue, options.maintenance ?? MAINTENANCE);
    const url = `postgresql://postgres@${server.getServerConn()}/postgres`;
    lock.publishUrl(url);
    let stopped = false;
    return {
      url,
      maintenance,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await maintenance.stop();
        await server.stop();
        await db.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
