import { createHash } from "node:crypto";
import { AppError, type ErrorCode } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";

// Fixed-window counters kept in Postgres, so every app instance shares them.
// An attempt takes its slot before the credential is checked (one atomic
// upsert), so parallel requests cannot slip past the limit; a success gives
// its slot back. A database failure fails the request: the limit fails closed.

/** A limit; `code` is the error a refused caller gets (tooManyAttempts unless said). */
export type Limit = { key: string; max: number; windowMs: number; code?: ErrorCode };

const MINUTE = 60_000;

/** The limits, documented in docs/security.md. */
export const limits = {
  loginPerEmail: (email: string): Limit => ({ key: `login:email:${email}`, max: 10, windowMs: 15 * MINUTE }),
  loginPerIp: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 30, windowMs: 15 * MINUTE }),
  totpPerUser: (userId: string): Limit => ({ key: `totp:user:${userId}`, max: 10, windowMs: 60 * MINUTE }),
  passwordPerUser: (userId: string): Limit => ({ key: `password:user:${userId}`, max: 10, windowMs: 60 * MINUTE }),
  /** 2FA set-ups asked for (a new secret and its QR code each, drawn on the sign-in threads), per account. */
  twofaSetupPerUser: (userId: string): Limit => ({ key: `twofa-setup:user:${userId}`, max: 10, windowMs: 60 * MINUTE }),
  refreshPerIp: (ip: string): Limit => ({ key: `refresh:ip:${ip}`, max: 120, windowMs: 15 * MINUTE }),
  /**
   * Exports running at once per shop: each holds its slot until its file is
   * sent or dropped. The window only bounds a slot a crashed server never gave
   * back.
   */
  exportsPerShop: (shopId: string): Limit => ({
    key: `export:shop:${shopId}`,
    max: 1,
    windowMs: 10 * MINUTE,
    code: "exportBusy",
  }),
  /** Customers' status page lookups and answers (GET and POST /t/{token}) from one address. */
  statusLinkPerIp: (ip: string): Limit => ({ key: `status-link:ip:${ip}`, max: 60, windowMs: 5 * MINUTE }),
  /** "Forgot password" links asked for, per email and per address. */
  resetPerEmail: (email: string): Limit => ({ key: `reset:email:${email}`, max: 3, windowMs: 60 * MINUTE }),
  resetPerIp: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }),
  /** Reset links tried (a new password chosen) from one address: a link that works gives its slot back. */
  resetUsePerIp: (ip: string): Limit => ({ key: `reset-use:ip:${ip}`, max: 20, windowMs: 15 * MINUTE }),
  /** "Send again" of one notice, and of all a repair's notices, per day. */
  resendPerNotice: (noticeId: string): Limit => ({
    key: `resend:notice:${noticeId}`,
    max: 3,
    windowMs: 24 * 60 * MINUTE,
    code: "resendLimitReached",
  }),
  resendPerRepair: (repairId: string): Limit => ({
    key: `resend:repair:${repairId}`,
    max: 10,
    windowMs: 24 * 60 * MINUTE,
    code: "resendLimitReached",
  }),
  subaccountsPerShop: (shopId: string): Limit => ({ key: `subaccount:shop:${shopId}`, max: 10, windowMs: 60 * MINUTE }),
};

/**
 * The key as stored: its kind ("login:ip") and a hash of the whole. An email
 * or an address a client sends is never stored as it came: an 8,000-character
 * one was too long for the key's index, and the table holds no one's email.
 */
export function storedKey(limit: Limit): string {
  const kind = limit.key.split(":", 2).join(":");
  return `${kind}:${createHash("sha256").update(limit.key).digest("base64url").slice(0, 32)}`;
}

/** Takes a slot, or throws 429 with the seconds to wait when the window is full. */
export async function takeSlot(client: PrismaClient, limit: Limit): Promise<void> {
  const rows = await client.$queryRaw<{ count: number; reset_at: Date }[]>`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${storedKey(limit)}, 1, now() + ${limit.windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING count, reset_at`;
  const { count, reset_at } = rows[0];
  if (count > limit.max) {
    const retryAfter = Math.max(1, Math.ceil((reset_at.getTime() - Date.now()) / 1000));
    throw new AppError(limit.code ?? "tooManyAttempts", limit.code ? {} : { retryAfter });
  }
}

/** Gives back the slot of an attempt that succeeded. */
export async function releaseSlot(client: PrismaClient, limit: Limit): Promise<void> {
  await client.$executeRaw`UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ${storedKey(limit)}`;
}

/** Forgets a key's failures (after a successful sign-in for that email). */
export async function resetLimit(client: PrismaClient, limit: Limit): Promise<void> {
  await client.rateLimit.deleteMany({ where: { key: storedKey(limit) } });
}

/** Removes windows that ended long ago; cheap, run now and then. */
export async function pruneRateLimits(client: PrismaClient): Promise<void> {
  await client.rateLimit.deleteMany({ where: { resetAt: { lt: new Date(Date.now() - 60 * MINUTE) } } });
}

/**
 * A slot held while work runs (an export), for at most `limit.max` at once:
 * returns the function that gives it back (once, however often called). A
 * refused caller's own count is given back at once, as it never ran.
 */
export async function holdSlot(client: PrismaClient, limit: Limit): Promise<() => Promise<void>> {
  try {
    await takeSlot(client, limit);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) await releaseSlot(client, limit);
    throw error;
  }
  let released: Promise<void> | undefined;
  return () => (released ??= releaseSlot(client, limit).catch(() => {}));
}
