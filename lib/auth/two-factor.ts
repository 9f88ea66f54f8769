import { AppError, successText } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { limits, releaseSlot, takeSlot } from "@/lib/rate-limit";
import { checkedCredential } from "./lockout";
import { disableTwofaSchema, verifyTwofaSchema } from "./schema";
import { verifyPassword } from "./password";
import { revokeOtherSessions } from "./sessions";
import { hashRecoveryCode, isRecoveryCode, newRecoveryCodes } from "./recovery-codes";
import { newTotpSecret, openTotpSecret, sealTotpSecret, totpQrCode, totpStep } from "./totp";

// Two-factor authentication: setup stores a new secret (still off), verify
// turns it on with a valid code and the account password, disable needs a
// code or the password. Turning it on or off ends every other session of the
// account. A wrong code or password is a 403: the caller's session is fine,
// the credential is not (401 would make the client refresh and replay it).

type TwoFactorUser = { id: string; email: string; twofaEnabled: boolean; twofaSecret: string | null };
/** The signed-in caller whose 2FA changes: its own session stays open. */
type Account = { userId: string; familyId: string };

async function loadUser(client: PrismaClient, userId: string): Promise<TwoFactorUser & { passwordHash: string }> {
  const user = await client.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, twofaEnabled: true, twofaSecret: true, passwordHash: true },
  });
  if (!user) throw new AppError("unauthorized");
  return user;
}

/**
 * The second factor at sign-in: a code from the app, or one of the account's
 * recovery codes, which is used up. Answers how many recovery codes are left
 * when one was used.
 */
export async function acceptSecondFactor(
  client: PrismaClient,
  user: TwoFactorUser,
  code: string,
): Promise<{ recoveryCodesLeft?: number }> {
  if (!isRecoveryCode(code)) {
    await acceptTotpCode(client, user, code);
    return {};
  }
  const limit = limits.totpPerUser(user.id);
  await takeSlot(client, limit);
  let left: number | undefined;
  const accepted = await checkedCredential(client, user.email, async () => {
    const hash = hashRecoveryCode(code);
    // Removed in the statement that finds it: two sign-ins cannot both use it.
    const [row] = await client.$queryRaw<{ left: number }[]>`
      UPDATE users SET twofa_recovery_codes = array_remove(twofa_recovery_codes, ${hash})
      WHERE id = ${user.id}::uuid AND twofa_enabled AND ${hash} = ANY(twofa_recovery_codes)
      RETURNING cardinality(twofa_recovery_codes) AS left`;
    left = row?.left;
    return row !== undefined;
  });
  if (!accepted) throw new AppError("invalid2faCode");
  await releaseSlot(client, limit);
  return { recoveryCodesLeft: left };
}

/**
 * Checks a code against the user's secret and accepts its time step once: the
 * conditional update lets exactly one of two simultaneous requests through,
 * and none once the secret changed meanwhile (2FA disabled or set up anew).
 * Wrong codes count against the user's limit and the account's lockout.
 */
export async function acceptTotpCode(
  client: PrismaClient,
  user: TwoFactorUser,
  code: string,
  now = new Date(),
): Promise<void> {
  const limit = limits.totpPerUser(user.id);
  await takeSlot(client, limit);
  const accepted = await checkedCredential(client, user.email, async () => {
    const step = user.twofaSecret ? await totpStep(openTotpSecret(user.twofaSecret), code, now) : null;
    return (
      step !== null &&
      (await client.$executeRaw`
        UPDATE users SET twofa_last_step = ${step}
        WHERE id = ${user.id}::uuid AND twofa_secret = ${user.twofaSecret}
          AND (twofa_last_step IS NULL OR twofa_last_step < ${step})`) === 1
    );
  });
  if (!accepted) throw new AppError("invalid2faCode");
  await releaseSlot(client, limit);
}

/** The account password, asked again before a change to its security. */
export async function confirmPassword(
  client: PrismaClient,
  user: { id: string; email: string; passwordHash: string },
  password: string,
): Promise<void> {
  const limit = limits.passwordPerUser(user.id);
  await takeSlot(client, limit);
  const ok = await checkedCredential(client, user.email, () => verifyPassword(password, user.passwordHash));
  if (!ok) throw new AppError("passwordIncorrect");
  await releaseSlot(client, limit);
}

/** How recent a sign-in lets a code alone change 2FA, without the password asked again. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/**
 * A code alone may turn 2FA on or off only in a session that signed in
 * recently; an older one is asked for the password (403 reauthRequired, and
 * the screens then ask for it).
 */
async function assertRecentSignIn(client: PrismaClient, account: Account): Promise<void> {
  const family = await client.refreshTokenFamily.findFirst({
    where: { id: account.familyId, userId: account.userId },
    select: { createdAt: true },
  });
  if (!family || Date.now() - family.createdAt.getTime() > RECENT_SIGN_IN_MS) throw new AppError("reauthRequired");
}

export async function setupTwoFactor(
  client: PrismaClient,
  userId: string,
): Promise<{ qrCode: string; secret: string }> {
  const user = await loadUser(client, userId);
  if (user.twofaEnabled) throw new AppError("twofaAlreadyEnabled");
  // Each set-up counts, done or not: its QR code takes a turn on the threads
  // that sign-ins hash on, which one account must not keep busy.
  await takeSlot(client, limits.twofaSetupPerUser(user.id));
  const secret = newTotpSecret();
  await client.user.update({
    where: { id: user.id },
    data: { twofaSecret: sealTotpSecret(secret), twofaLastStep: null },
  });
  return { qrCode: await totpQrCode(secret, user.email), secret };
}

export async function enableTwoFactor(
  client: PrismaClient,
  account: Account,
  body: unknown,
): Promise<{ message: string; recovery_codes: string[] }> {
  const proof = verifyTwofaSchema.parse(body);
  const user = await loadUser(client, account.userId);
  if (user.twofaEnabled) throw new AppError("twofaAlreadyEnabled");
  if (!user.twofaSecret) throw new AppError("twofaNotStarted");
  if (proof.password) await confirmPassword(client, user, proof.password);
  else await assertRecentSignIn(client, account);
  await acceptTotpCode(client, user, proof.code);
  const recoveryCodes = newRecoveryCodes();
  await client.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { twofaEnabled: true, twofaRecoveryCodes: recoveryCodes.map((code) => hashRecoveryCode(code)) },
    });
    await revokeOtherSessions(tx, account);
  });
  // Shown this once: only their hashes are kept.
  return { message: successText("twofaEnabled"), recovery_codes: recoveryCodes };
}

export async function disableTwoFactor(
  client: PrismaClient,
  account: Account,
  body: unknown,
): Promise<{ success: true; message: string }> {
  const proof = disableTwofaSchema.parse(body);
  const user = await loadUser(client, account.userId);
  if (!user.twofaEnabled) throw new AppError("twofaNotEnabled");
  if (proof.password) await confirmPassword(client, user, proof.password);
  else await assertRecentSignIn(client, account);
  if (proof.code !== undefined) await acceptTotpCode(client, user, proof.code);
  await client.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { twofaEnabled: false, twofaSecret: null, twofaLastStep: null, twofaRecoveryCodes: [] },
    });
    await revokeOtherSessions(tx, account);
  });
  return { success: true, message: successText("twofaDisabled") };
}
