import { AppError } from "@/lib/errors";
import { rows } from "@/lib/db";
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
      include: { family: { include: { user: { select: { id: true, shopId: true, removedAt: true } } } } },
    });
    if (!token) return null;
    const { family } = token;
    // The shop removed the account: its own session's token is told so, and the sign-in screen says it.
    if (family.user.removedAt) return { removed: true as const };
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
  if (result && "removed" in result) throw new AppError("accountRemoved");
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

/** Ends the account's open sessions that `where` picks. */
async function revoke(client: Tx, userId: string, where: Prisma.RefreshTokenFamilyWhereInput, now: Date) {
  await client.refreshTokenFamily.updateMany({
    where: { ...where, userId, revokedAt: null },
    data: { revokedAt: now },
  });
}

/** Whether the session an access token belongs to is still open, for that user in that shop. */
export async function sessionIsOpen(
  client: PrismaClient,
  claims: { familyId: string; userId: string; shopId: string },
): Promise<boolean> {
  // Asked with every request, with nothing remembered: a session ended by any
  // means (sign-out, a replayed refresh token, by hand) is refused at once.
  const found = await rows(
    client,
    Prisma.sql`
    SELECT 1 FROM refresh_token_families f JOIN users u ON u.id = f.user_id
    WHERE f.id = ${claims.familyId}::uuid AND f.user_id = ${claims.userId}::uuid AND f.revoked_at IS NULL
      AND u.shop_id = ${claims.shopId}::uuid AND u.removed_at IS NULL`,
  );
  return found.length > 0;
}
