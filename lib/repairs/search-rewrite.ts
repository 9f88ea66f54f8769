import pg from "pg";
import { setTimeout as sleep } from "node:timers/promises";
import { columnsWhere, fieldSpec, type RepairColumn } from "./fields";
import { SEARCH_TEXT_FIELDS, SEARCH_TEXT_SEPARATOR, searchTextOf, type SearchFields } from "./search-text";

// A field newly searched (a watch's brand and model) is in the search text of
// repairs written since; older repairs that have a value in it get their text
// written again here, by npm start beside the traffic once the server is up,
// a batch at a time with a pause between (as the status links' seal): the
// search works throughout, and finds them once their batch is done. A repair
// whose text is of an older layout but has none of the new values finds the
// same as it would rewritten, and is left alone.

export type RewritePace = { batch?: number; pauseMs?: number; signal?: AbortSignal };

/** The searched fields, read as the record's names (what searchTextOf takes). */
const SELECT = columnsWhere((spec) => spec.search)
  .map((column) => `${column} AS "${fieldSpec(column).prop}"`)
  .join(", ");

/**
 * The fields searched since repairs were first written without them: a
 * repair with a value in one of them and a text of an older layout is
 * written again. A field newly marked `search` goes here too.
 */
const NEWLY_SEARCHED: RepairColumn[] = ["brand", "model"];

/** Writes again the search text of every repair that needs it; how many were written. */
export async function rewriteSearchTexts(databaseUrl: string, pace: RewritePace = {}): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await rewriteAll(client, pace);
  } finally {
    await client.end();
  }
}

async function rewriteAll(client: pg.Client, { batch = 500, pauseMs = 0, signal }: RewritePace) {
  let written = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  const separators = `length(search_text) - length(replace(search_text, $3, ''))`;
  while (!signal?.aborted) {
    const { rows } = await client.query<SearchFields & { id: string; search_text: string }>(
      `SELECT id, search_text, ${SELECT} FROM repair_records
        WHERE id > $2::uuid AND (${NEWLY_SEARCHED.map((c) => `${c} IS NOT NULL`).join(" OR ")})
          AND ${separators} < $4
        ORDER BY id LIMIT $1`,
      [batch, after, SEARCH_TEXT_SEPARATOR, SEARCH_TEXT_FIELDS - 1],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    // Only a row whose text is still the one read is written: one edited
    // meanwhile has its new text already. A row a request holds is skipped,
    // never waited for; the next start writes it.
    const result = await client.query(
      `UPDATE repair_records r SET search_text = s.text
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS s(id, old, text)
        WHERE r.id = s.id AND r.search_text = s.old
          AND r.id IN (SELECT id FROM repair_records WHERE id = ANY($1::uuid[]) FOR UPDATE SKIP LOCKED)`,
      [rows.map((r) => r.id), rows.map((r) => r.search_text), rows.map((r) => searchTextOf(r))],
    );
    written += result.rowCount ?? 0;
    if (pauseMs > 0) await sleep(pauseMs);
  }
  return written;
}
