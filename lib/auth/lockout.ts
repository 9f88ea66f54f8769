import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";

// Escalating lockout per account (NIST SP 800-63B 5.2.2): consecutive failed
// checks of a password or a 2FA code, wherever they happen (sign-in, enrolling
// or turning off 2FA), counted per normalised email, so an unknown address
// is answered exactly like a known one. Every 10th failure locks the account
// for longer (1, 2, 4, ... 256 minutes); the 100th locks it until an operator
// runs `npm run account:unlock`. A success clears the count, and so does
// time: below the ceiling, the count halves for each quiet day (a day without
// a failure), so failures spread over weeks never add up to a lock. The fixed
// windows of lib/rate-limit.ts still apply on top.

export const LOCKOUT = { step: 10, firstMinutes: 1, permanentAt: 100 } as const;

/** Minutes an account stays locked after its n-th consecutive failure (0: not locked by it). */
export function lockMinutes(failures: number): number {
  if (failures <= 0 || failures % LOCKOUT.step !== 0 || failures >= LOCKOUT.permanentAt) return 0;
  return LOCKOUT.firstMinutes * 2 ** (failures / LOCKOUT.step - 1);
}

/**
 * Refuses a check on a locked account: 423 for good, 429 with the wait
 * otherwise. Answers the failures counted so far (0: none in a row).
 */
export async function assertNotLocked(client: PrismaClient, email: string, now = new Date()): Promise<number> {
  const row = await client.accountLockout.findUnique({ where: { email } });
  if (!row) return 0;
  if (row.failures >= LOCKOUT.permanentAt) throw new AppError("accountLocked");
  if (row.lockedUntil && row.lockedUntil > now) {
    const retryAfter = Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
    throw new AppError("tooManyAttempts", { retryAfter });
  }
  return row.failures;
}

/**
 * Counts one failed check. The count is one atomic upsert, so parallel
 * failures each get their own number; the one that reaches a multiple of 10
 * sets the lock, for as long as lockMinutes says (the schedule lives there only).
 */
export async function recordFailure(client: PrismaClient, email: string): Promise<void> {
  const [{ failures }] = await client.$queryRaw<{ failures: number }[]>`
    INSERT INTO account_lockouts (email, failures, updated_at) VALUES (${email}, 1, now())
    ON CONFLICT (email) DO UPDATE SET failures = CASE
        WHEN account_lockouts.failures >= ${LOCKOUT.permanentAt} THEN account_lockouts.failures
        ELSE account_lockouts.failures >> LEAST(31, floor(extract(epoch FROM now() - account_lockouts.updated_at) / 86400)::int)
      END + 1, updated_at = now()
    RETURNING failures`;
  const minutes = lockMinutes(failures);
  if (minutes > 0) {
    await client.accountLockout.update({
      where: { email },
      data: { lockedUntil: new Date(Date.now() + minutes * 60_000) },
    });
  }
}

export async function recordSuccess(client: PrismaClient, email: string): Promise<void> {
  await client.accountLockout.deleteMany({ where: { email } });
}

/**
 * Forgets what no longer counts: rows of emails no account has (after an
 * hour: they only keep an unknown email answered like a known one while it
 * is tried), and rows whose count has halved away (a week quiet, below the
 * ceiling). Run with the rate limits' upkeep.
 */
export async function pruneLockouts(client: PrismaClient): Promise<void> {
  await client.$executeRaw`DELETE FROM account_lockouts l
    WHERE (l.updated_at < now() - interval '1 hour' AND NOT EXISTS (SELECT 1 FROM users u WHERE u.email = l.email))
       OR (l.updated_at < now() - interval '7 days' AND l.failures < ${LOCKOUT.permanentAt})`;
}

/** The operator's unlock: the account may sign in again. Returns whether it was locked at all. */
export async function unlockAccount(client: PrismaClient, email: string): Promise<boolean> {
  const { count } = await client.accountLockout.deleteMany({ where: { email } });
  return count > 0;
}

/**
 * One credential check under the lockout: refused while locked, and its
 * outcome counted. `check` answers whether the credential was right.
 */
export async function checkedCredential(
  client: PrismaClient,
  email: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  await assertNotLocked(client, email);
  const ok = await check();
  if (ok) await recordSuccess(client, email);
  else await recordFailure(client, email);
  return ok;
}
