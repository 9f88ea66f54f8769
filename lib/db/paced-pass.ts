import { setTimeout as sleep } from "node:timers/promises";
import { onServer } from "./admin";

// Work an upgrade leaves on the repairs (the status links' seal, the search
// text of a field newly searched), done by npm start beside the traffic once
// the server is up: a batch at a time along the table's ids, a pause between,
// on a connection of its own. A stop ends the pass between two batches; the
// next start goes on with what is left, found again by the same condition.

/** Rows per batch, a pause between batches, and a way to stop between them. */
export type Pace = { batch?: number; pauseMs?: number; signal?: AbortSignal };

type Rewrite<Row> = {
  /** The text column written again. */
  column: "status_token" | "search_text";
  /** What else `next` reads of a row: `column AS "name", …` (or nothing). */
  select?: string;
  /** The rows still to write: a condition on repair_records, its parameters from $3 on. */
  where: string;
  params?: unknown[];
  /** The column's new value. */
  next: (row: Row & { id: string; current: string }) => string;
};

/**
 * Writes `column` of every repair (archived ones too) that `where` finds;
 * how many it wrote (those it reached before a stop). Only a row whose
 * value is still the one read is written (one changed meanwhile is left as it
 * is); a row a request holds is skipped, never waited for (waiting beside
 * the traffic could deadlock with a request's write): the next start writes it.
 */
export async function rewriteRepairs<Row extends object>(
  databaseUrl: string,
  { batch = 500, pauseMs = 0, signal }: Pace,
  { column, select, where, params = [], next }: Rewrite<Row>,
): Promise<number> {
  return onServer(databaseUrl, async (client) => {
    let written = 0;
    let after = "00000000-0000-0000-0000-000000000000";
    while (!signal?.aborted) {
      const { rows } = await client.query<Row & { id: string; current: string }>(
        `SELECT id, ${column} AS current${select ? `, ${select}` : ""} FROM repair_records
          WHERE id > $2::uuid AND (${where}) ORDER BY id LIMIT $1`,
        [batch, after, ...params],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1].id;
      const result = await client.query(
        `UPDATE repair_records r SET ${column} = s.next
           FROM unnest($1::uuid[], $2::text[], $3::text[]) AS s(id, old, next)
          WHERE r.id = s.id AND r.${column} = s.old
            AND r.id IN (SELECT id FROM repair_records WHERE id = ANY($1::uuid[]) FOR UPDATE SKIP LOCKED)`,
        [rows.map((r) => r.id), rows.map((r) => r.current), rows.map(next)],
      );
      written += result.rowCount ?? 0;
      if (pauseMs > 0) await sleep(pauseMs);
    }
    return written;
  });
}
