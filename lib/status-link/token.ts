import { createHash, randomBytes } from "node:crypto";
import { open, seal } from "@/lib/crypto/secret-box";
import { rewriteRepairs, type Pace } from "@/lib/db/paced-pass";

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

/**
 * Seals every token still in clear (rows from before the migration, or
 * inserted by hand), a batch at a time; their hashes, and so the links,
 * stay, and a link works before, during and after. npm start runs it beside
 * the traffic once the server is up (lib/db/paced-pass.ts, docs/operations.md).
 * Along the index of the links in clear (repairs_status_token_clear_idx, whose
 * predicate the condition is): with none left the pass is one index probe.
 * Returns how many it sealed (those it reached before a stop).
 */
export function sealStoredTokens(databaseUrl: string, keyHex: string, pace: Pace = {}): Promise<number> {
  return rewriteRepairs(databaseUrl, pace, {
    column: "status_token",
    where: `status_token NOT LIKE '${SEALED}%'`,
    next: (row) => seal(row.current, keyHex),
  });
}
