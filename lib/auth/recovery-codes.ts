import { createHash, createHmac, randomInt } from "node:crypto";
import pg from "pg";
import { env } from "@/lib/env";
import { isRecoveryCode, normalizedRecoveryCode as normalized } from "./rules";

export { isRecoveryCode };

// One-time recovery codes: ten, given once when two-factor sign-in is turned
// on, each accepted once in place of a code from the app. Fifty random bits
// each, typed as two groups of five (no 0/O or 1/I to mistake). Fifty bits
// are few enough to try them all offline against a plain hash, so what is
// kept is keyed with a secret of the server's (an HMAC with a key derived from
// ENCRYPTION_KEY): a copy of the database (a backup) holds nothing to guess
// against without the key. Online, the sign-in limits and the lockout bound
// the guesses.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** What a keyed code starts with; an older release kept the code's plain SHA-256 (64 hex digits). */
const KEYED = "k1:";

const codeKey = (keyHex: string) =>
  createHmac("sha256", Buffer.from(keyHex, "hex")).update("repair-desk recovery codes").digest();
/** The keyed form of a code's (or an older release's stored) SHA-256. */
const keyed = (sha256Hex: string, keyHex: string) =>
  KEYED + createHmac("sha256", codeKey(keyHex)).update(sha256Hex).digest("hex");

/** What is kept of a recovery code, and looked up when one is typed. */
export function hashRecoveryCode(code: string, keyHex = env().ENCRYPTION_KEY): string {
  return keyed(createHash("sha256").update(normalized(code).replace("-", "")).digest("hex"), keyHex);
}

export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

/**
 * Keys the codes an older release kept as plain SHA-256 (at start, before the
 * server serves): the same codes keep working, and the plain hashes are gone.
 * Returns how many accounts' codes it keyed.
 */
export async function keyStoredRecoveryCodes(databaseUrl: string, keyHex: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; codes: string[] }>(
      `SELECT id, twofa_recovery_codes AS codes FROM users
        WHERE EXISTS (SELECT 1 FROM unnest(twofa_recovery_codes) c WHERE c NOT LIKE '${KEYED}%')`,
    );
    for (const { id, codes } of rows) {
      const now = codes.map((code) => (code.startsWith(KEYED) ? code : keyed(code, keyHex)));
      // Only if unchanged since read: a code used meanwhile stays used.
      await client.query(`UPDATE users SET twofa_recovery_codes = $2 WHERE id = $1 AND twofa_recovery_codes = $3`, [
        id,
        now,
        codes,
      ]);
    }
    return rows.length;
  } finally {
    await client.end();
  }
}
