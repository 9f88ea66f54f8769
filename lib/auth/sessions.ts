import { AppError } from "@/lib/errors";
import { rows, TRANSACTION_TIMEOUT_MS } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { open, seal } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";
import { refreshSchema } from "./schema";
import { hashToken, newRefreshToken, signAccessToken } from "./tokens";

// Sign-in sessions as refresh-token families. Every refresh rotates the
// token; presenting a rotated token again means it was copied, so the whole
// family is revoked, unless it comes within a few seconds of its rotation
// (two tabs refreshing at once), which gets that same successor back.

const DAY = 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** A session ends when unused for this long. */
export const SESSION_IDLE_MS = 7 * DAY;
/** How long a just-rotated token still gets a new one instead of revoking. */
export const ROTATION_GRACE_MS = 10_000;

export type Tokens = { accessToken: string; refreshToken: string };

type Tx = Prisma.TransactionClient | PrismaClient;

async function storeRefreshToken(
  tx: Tx,
  token: string,
  familyId: string,
  familyExpiresAt: Date,
  now: Date,
): Promise<void> {
  const idle = new Date(now.getTime() + SESSION_IDLE_MS);
  await tx.refreshToken.create({
    data: { familyId, tokenHash: hashToken(token), expiresAt: idle < familyExpiresAt ? idle : familyExpiresAt },
  });
}

export async function startSession(
  client: PrismaClient,
  user: { id: string; shopId: string },
  now = new Date(),
): Promise<Tokens> {
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const { familyId, refreshToken } = await client.$transaction(async (tx) => {
    const family = await tx.refreshTokenFamily.create({ data: { userId: user.id, expiresAt } });
    const refreshToken = newRefreshToken();
    await storeRefreshToken(tx, refreshToken, family.id, expiresAt, now);
    return { familyId: family.id, refreshToken };
  });
  return { accessToken: await signAccessToken({ userId: user.id, shopId: user.shopId, familyId }, now), refreshToken };
}

/** POST /auth/refresh-token: `body` is `{ refreshToken }` as the client sent it. */
export async function refreshSession(client: PrismaClient, body: unknown, now = new Date()): Promise<Tokens> {
  const presented = refreshSchema.parse(body).refreshToken;
  const expired = () => new AppError("sessionExpired");
  const key = env().ENCRYPTION_KEY;
  const result = await client.$transaction(async (tx) => {
    const token = await tx.refreshToken.findUnique({
      where: { tokenHash: hashToken(presented) },
      include: { family: { include: { user: { select: { id: true, shopId: true } } } } },
    });
    if (!token) return null;
    const { family } = token;
    if (family.revokedAt || family.expiresAt <= now || token.expiresAt <= now) return null;

    // Exactly one request rotates a token, and records its successor in the
    // same statement; a parallel one waits for that row, then finds it rotated.
    const successor = newRefreshToken();
    const rotated = await tx.refreshToken.updateMany({
      where: { id: token.id, rotatedAt: null },
      data: { rotatedAt: now, successorSealed: seal(successor, key) },
    });
    if (rotated.count === 1) {
      await storeRefreshToken(tx, successor, family.id, family.expiresAt, now);
      return { refreshToken: successor, familyId: family.id, user: family.user };
    }
    // Presented again: within the grace (two tabs at once) it gets the very
    // same successor, so the session stays one line of tokens; later it was
    // copied, and the whole family ends.
    const current = await tx.refreshToken.findUniqueOrThrow({ where: { id: token.id } });
    const withinGrace = current.rotatedAt && now.getTime() - current.rotatedAt.getTime() <= ROTATION_GRACE_MS;
    if (!withinGrace || !current.successorSealed) {
      await revoke(tx, family.user.id, { id: family.id }, now);
      return { reused: true as const };
    }
    return { refreshToken: open(current.successorSealed, key), familyId: family.id, user: family.user };
  });
  if (!result || "reused" in result) throw expired();
  const accessToken = await signAccessToken(
    { userId: result.user.id, shopId: result.user.shopId, familyId: result.familyId },
    now,
  );
  return { accessToken, refreshToken: result.refreshToken };
}

/** Ends one session (sign-out). */
export async function revokeFamily(
  client: PrismaClient,
  session: { familyId: string; userId: string },
  now = new Date(),
): Promise<void> {
  await revoke(client, session.userId, { id: session.familyId }, now);
}

/** Ends every session of the account but the one given (after a change to its security). */
export async function revokeOtherSessions(
  client: Tx,
  account: { userId: string; familyId: string },
  now = new Date(),
): Promise<void> {
  await revoke(client, account.userId, { userId: account.userId, id: { not: account.familyId } }, now);
}

/** Ends every session of the account (it was removed). */
export async function revokeAllSessions(client: Tx, userId: string, now = new Date()): Promise<void> {
  await revoke(client, userId, { userId }, now);
}

/** Ends the account's open sessions that `where` picks, the checks remembered of them first. */
async function revoke(client: Tx, userId: string, where: Prisma.RefreshTokenFamilyWhereInput, now: Date) {
  sessionsRevoked(userId);
  await client.refreshTokenFamily.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: now } });
}

/**
 * How long an open session's check is reused. Every API request asks it
 * (a round trip: 60 µs of the server's CPU, 6% of a list request); a user at
 * the screen asks it several times a second. A revocation through this server
 * (sign-out, a replayed refresh token, two-factor switched on or off) takes
 * effect at once all the same: it forgets the account's open sessions and
 * remembers none of them for a while (sessionsRevoked). Only a revocation
 * made outside this process (another server on the same database, by hand in
 * SQL) waits this long at most.
 */
export const OPEN_SESSION_REUSE_MS = 2_000;
/** The most open sessions remembered (about 200 bytes each). */
const OPEN_SESSIONS_MAX = 10_000;
/**
 * After a revocation, none of the account's sessions is remembered for this
 * long: a revocation inside a transaction is seen only once it commits, within
 * TRANSACTION_TIMEOUT_MS, and a check made meanwhile must not keep a session
 * open past it.
 */
const QUIET_AFTER_REVOCATION_MS = TRANSACTION_TIMEOUT_MS + 5_000;

type OpenSession = { userId: string; shopId: string; until: number };
type OpenSessions = {
  /** By family id: a session found open, and until when that answer holds. */
  open: Map<string, OpenSession>;
  /** By user id: until when none of the account's sessions may be remembered. */
  quiet: Map<string, number>;
};
// On globalThis: the bundler may give each route its own copy of this module,
// and a sign-out in one route's copy must reach the others.
const globalForSessions = globalThis as unknown as { openSessions?: OpenSessions };
const openSessions = () => (globalForSessions.openSessions ??= { open: new Map(), quiet: new Map() });

/** Called before an account's sessions are revoked: forget them, and remember none for a while. */
function sessionsRevoked(userId: string, now = Date.now()): void {
  const { open, quiet } = openSessions();
  for (const [familyId, session] of open) if (session.userId === userId) open.delete(familyId);
  for (const [user, until] of quiet) if (until <= now) quiet.delete(user);
  quiet.set(userId, now + QUIET_AFTER_REVOCATION_MS);
}

/** Whether the session an access token belongs to is still open, for that user in that shop. */
export async function sessionIsOpen(
  client: PrismaClient,
  claims: { familyId: string; userId: string; shopId: string },
  now = Date.now(),
): Promise<boolean> {
  const { open, quiet } = openSessions();
  const known = open.get(claims.familyId);
  if (known && known.until > now && known.userId === claims.userId && known.shopId === claims.shopId) return true;
  // One plain query (see rows()).
  const found = await rows(
    client,
    Prisma.sql`
    SELECT 1 FROM refresh_token_families f JOIN users u ON u.id = f.user_id
    WHERE f.id = ${claims.familyId}::uuid AND f.user_id = ${claims.userId}::uuid AND f.revoked_at IS NULL
      AND u.shop_id = ${claims.shopId}::uuid AND u.removed_at IS NULL`,
  );
  if (found.length === 0) {
    open.delete(claims.familyId);
    return false;
  }
  // Not remembered if the account's sessions were revoked since shortly
  // before it was asked (or while it was).
  if (now >= (quiet.get(claims.userId) ?? 0)) {
    open.delete(claims.familyId);
    if (open.size >= OPEN_SESSIONS_MAX) open.delete(open.keys().next().value!);
    open.set(claims.familyId, { userId: claims.userId, shopId: claims.shopId, until: now + OPEN_SESSION_REUSE_MS });
  }
  return true;
}
