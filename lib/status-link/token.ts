import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { open, seal } from "@/lib/crypto/secret-box";

// A status link's token at rest (migration 20261126140000): the column holds
// it sealed with ENCRYPTION_KEY, and the link is looked up by its sha256, so a
// copy of the database (a backup) opens no status page without the key.

const SEALED = "v1.";

export const tokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest();

/** A new token (32 random bytes, base64url) as its two columns, and in clear for whoever asked. */
export function newStatusToken(keyHex: string) {
  const token = randomBytes(32).toString("base64url");
  return { token, statusToken: seal(token, keyHex), statusTokenHash: tokenHash(token) };
}

/**
 * The token in clear from its column: sealed, or in clear until the start-up
 * pass seals it. Throws when it cannot be opened: the database was sealed
 * under another ENCRYPTION_KEY (a restore must run with the key of the
 * server that made the backup, docs/operations.md, Backups).
 */
export function readStatusToken(stored: string, keyHex: string): string {
  if (!stored.startsWith(SEALED)) return stored;
  try {
    return open(stored, keyHex);
  } catch {
    throw new Error("A status link cannot be opened: ENCRYPTION_KEY is not the key this database was sealed with");
  }
}

/** How a sealing pass goes: rows per batch, a pause between batches, and a way to stop it between them. */
export type SealPace = { batch?: number; pauseMs?: number; signal?: AbortSignal };

/**
 * Seals every token still in clear (rows from before the migration, or
 * inserted by hand), a batch at a time; their hashes, and so the links,
 * stay, and a link works before, during and after. npm start runs it beside
 * the traffic once the server is up, pausing between batches (docs/operations.md).
 * Returns how many
 * it sealed (those it reached before a stop).
 */
export async function sealStoredTokens(databaseUrl: string, keyHex: string, pace: SealPace = {}): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await sealAll(client, keyHex, pace);
  } finally {
    await client.end();
  }
}

async function sealAll(client: pg.Client, keyHex: string, { batch = 1000, pauseMs = 0, signal }: SealPace) {
  let sealed = 0;
  // Along the index of the links in clear (repairs_status_token_clear_idx,
  // whose predicate this condition is), each batch after the last: no row
  // sealed is read again, and with none left the pass is one index probe.
  let after = "00000000-0000-0000-0000-000000000000";
  while (!signal?.aborted) {
    const { rows } = await client.query<{ id: string; status_token: string }>(
      `SELECT id, status_token FROM repair_records WHERE status_token NOT LIKE '${SEALED}%' AND id > $2::uuid
        ORDER BY id LIMIT $1`,
      [batch, after],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    // Only a row whose token is still the one read is sealed: one replaced
    // meanwhile is left as it is. A row a request holds is skipped, never
    // waited for (waiting beside the traffic could deadlock with a request's
    // write); the next start seals it.
    const result = await client.query(
      `UPDATE repair_records r SET status_token = s.sealed
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS s(id, token, sealed)
        WHERE r.id = s.id AND r.status_token = s.token
          AND r.id IN (SELECT id FROM repair_records WHERE id = ANY($1::uuid[]) FOR UPDATE SKIP LOCKED)`,
      [rows.map((r) => r.id), rows.map((r) => r.status_token), rows.map((r) => seal(r.status_token, keyHex))],
    );
    sealed += result.rowCount ?? 0;
    if (pauseMs > 0) await sleep(pauseMs);
  }
  return sealed;
}
