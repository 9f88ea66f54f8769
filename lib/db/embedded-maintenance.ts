import type { PGlite } from "@electric-sql/pglite";
import { errorFields, logger } from "@/lib/log";
import { quoteIdent } from "./admin";
import type { BatchAwareQueue } from "./pglite-queue";

// PGlite is Postgres without its background processes: no autovacuum. A
// table would keep the statistics of its last ANALYZE (a migration's, or
// none: the planner then guesses) and gain no visibility map for its
// index-only scans: with stale statistics a repair's history was read
// through the shop's whole index. npm start's process does autovacuum's work instead: when no connection has
// sent anything for `idleMs`, one table at a time (a connection that comes
// waits for one table at most), VACUUM (ANALYZE) every table once after
// start (PGlite counts no activity across restarts), then those that changed
// past autovacuum's own default thresholds. A short quiet suffices, and is
// all there is: with mail set up the notice worker asks every NOTICE_POLL_MS
// (5 s by default), so 30 s of silence never comes.

export type MaintenanceTiming = { checkMs: number; idleMs: number };
export const MAINTENANCE: MaintenanceTiming = { checkMs: 30_000, idleMs: 2_000 };

/**
 * A table due: not done since start, never analyzed, or changed past
 * autovacuum's defaults; and not done in this pass ($2: a counter that lags
 * must not bring a table round again while the session stays idle).
 */
const DUE = `
  SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.schemaname = 'public' AND NOT s.relname = ANY($2::text[])
    AND (NOT s.relname = ANY($1::text[]) OR c.reltuples < 0
    OR s.n_mod_since_analyze > 50 + 0.1 * c.reltuples
    OR s.n_ins_since_vacuum > 1000 + 0.2 * c.reltuples
    OR s.n_dead_tup > 50 + 0.2 * c.reltuples)
  ORDER BY s.relname LIMIT 1`;

export type Maintenance = {
  /** Vacuums due tables while the session stays idle; the tables done. */
  pass: () => Promise<string[]>;
  /** No further pass; waits for one under way. */
  stop: () => Promise<void>;
};

export function startMaintenance(db: PGlite, queue: BatchAwareQueue, timing = MAINTENANCE): Maintenance {
  const done = new Set<string>();
  let running: Promise<string[]> | null = null;
  let stopped = false;

  async function vacuumDue(): Promise<string[]> {
    const vacuumed: string[] = [];
    while (!stopped) {
      const turn = await queue.whenIdle(timing.idleMs, async () => {
        const { rows } = await db.query<{ relname: string }>(DUE, [[...done], vacuumed]);
        const table = rows[0]?.relname;
        if (table) await db.exec(`VACUUM (ANALYZE) ${quoteIdent(table)}`);
        return table;
      });
      if (!turn?.value) break;
      done.add(turn.value);
      vacuumed.push(turn.value);
    }
    return vacuumed;
  }

  const pass = () => {
    running ??= vacuumDue()
      .catch((error: unknown) => {
        logger().warn({ error: errorFields(error) }, "embedded database maintenance failed");
        return [];
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void pass(), timing.checkMs);
  timer.unref();
  return {
    pass,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
