import { createTranslator } from "next-intl";
import { CATALOGS } from "@/i18n/catalogs";
import type { Locale } from "@/i18n/config";
import { settings } from "@/lib/env";
import { AppError, successText } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logger, errorFields } from "@/lib/log";
import { mailConfigured } from "@/lib/notices/queue";
import { smtpMailer, type MailMessage } from "@/lib/notices/transport";
import { limits, releaseSlot, takeSlot } from "@/lib/rate-limit";
import { recordActivity } from "@/lib/activity/activity";
import { MAX_ACCOUNTS_PER_SHOP } from "@/lib/accounts/limits";
import { lockShop } from "@/lib/shop/lock";
import { recordSuccess } from "./lockout";
import { hashPassword } from "./password";
import { forgotPasswordSchema, resetPasswordSchema } from "./schema";
import { revokeAllSessions } from "./sessions";
import { hashToken, newRefreshToken } from "./tokens";

// "Forgot password": a single-use link, valid RESET_LINK_MINUTES, mailed to
// the account's address in its language. Only the link's hash is stored. The
// answer is the same for a known and an unknown email, and comes before any
// mail is sent. Choosing the new password ends every session of the account.

export const RESET_LINK_MINUTES = 30;

export type SendMail = (message: Omit<MailMessage, "messageId">) => Promise<void>;

const sendWithSmtp: SendMail = async (message) => {
  const mailer = smtpMailer();
  try {
    await mailer.send({ ...message, messageId: `<reset-${newRefreshToken()}@repair-desk>` });
  } finally {
    mailer.close();
  }
};

function resetMail(language: Locale, link: string) {
  const t = createTranslator({ locale: language, messages: CATALOGS[language], namespace: "resetMail" });
  const text = [t("intro"), "", link, "", t("expires", { minutes: RESET_LINK_MINUTES }), t("ignore")].join("\n");
  const html = `<p>${t("intro")}</p><p><a href="${link}">${t("button")}</a></p><p>${t("expires", {
    minutes: RESET_LINK_MINUTES,
  })}</p><p>${t("ignore")}</p>`;
  return { subject: t("subject"), text, html };
}

/** POST /auth/forgot-password: `{ email }`. Answers the same whether an account has it or not. */
export async function askPasswordReset(client: PrismaClient, body: unknown, ip: string, send = sendWithSmtp) {
  if (!mailConfigured()) throw new AppError("mailNotConfigured");
  const { email } = forgotPasswordSchema.parse(body);
  await takeSlot(client, limits.resetPerIp(ip));
  await takeSlot(client, limits.resetPerEmail(email));
  const user = await client.user.findFirst({ where: { email, removedAt: null } });
  if (user) {
    const token = newRefreshToken();
    await client.passwordReset.create({
      data: {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
      },
    });
    const link = `${settings().APP_URL}/reset-password?token=${token}`;
    // After the answer: its time says nothing of whether the account exists.
    void send({ to: { name: user.name, address: user.email }, ...resetMail(user.language, link) }).catch(
      (error: unknown) => logger().warn({ error: errorFields(error) }, "password reset mail not sent"),
    );
  }
  return { message: successText("resetLinkSent") };
}

/**
 * POST /auth/reset-password: `{ token, password }`; the link is used up, every
 * session of the account ends. Anyone may call it, so it is limited per
 * address, and the link is looked up before the new password is hashed: an
 * unknown or used link costs a lookup, never a hash, and the hash a real link
 * causes waits in the hashing threads' open lane, behind every sign-in.
 */
export async function resetPassword(client: PrismaClient, body: unknown, ip: string) {
  const { token, password } = resetPasswordSchema.parse(body);
  const perIp = limits.resetUsePerIp(ip);
  await takeSlot(client, perIp);
  const tokenHash = hashToken(token);
  const live = await client.passwordReset.findFirst({
    where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() }, user: { removedAt: null } },
    select: { id: true },
  });
  if (!live) throw new AppError("resetLinkInvalid");
  const passwordHash = await hashPassword(password, "open");
  const email = await client.$transaction(async (tx) => {
    const [reset] = await tx.$queryRaw<{ userId: string }[]>`
      UPDATE password_resets SET used_at = now()
      WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > now()
      RETURNING user_id AS "userId"`;
    if (!reset) return null;
    const user = await tx.user.findFirst({ where: { id: reset.userId, removedAt: null } });
    if (!user) return null;
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    // Any other link of the account goes too.
    await tx.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: new Date() } });
    await revokeAllSessions(tx, user.id);
    return user.email;
  });
  if (!email) throw new AppError("resetLinkInvalid");
  await releaseSlot(client, perIp);
  await recordSuccess(client, email);
  return { message: successText("passwordChanged") };
}

export type PasswordSet =
  | { account: "in use" }
  /** A removed account, given back its address and its place in its shop. */
  | { account: "restored"; removedAt: Date }
  /** A removed account that cannot come back: its shop has its 3 accounts. */
  | { account: "removed"; removedAt: Date };

/**
 * The operator's reset (npm run account:reset-password): a new password,
 * every session ended. It reaches a removed account too, by the address it
 * had (no account has it now, or that one would be reset): the account comes
 * back, as it was, if its shop has room for it.
 */
export async function setPassword(client: PrismaClient, email: string, password: string): Promise<PasswordSet | null> {
  const passwordHash = await hashPassword(password);
  return client.$transaction(async (tx) => {
    const user = await tx.user.findFirst({ where: { email, removedAt: null } });
    if (user) {
      await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
      await revokeAllSessions(tx, user.id);
      await tx.accountLockout.deleteMany({ where: { email } });
      return { account: "in use" };
    }
    // Removed (its address kept apart): the operator's reset brings it back, if it can.
    const removed = await tx.user.findFirst({ where: { removedEmail: email }, orderBy: { removedAt: "desc" } });
    if (!removed?.removedAt) return null;
    await lockShop(tx, removed.shopId);
    const removedAt = removed.removedAt;
    if ((await tx.user.count({ where: { shopId: removed.shopId, removedAt: null } })) >= MAX_ACCOUNTS_PER_SHOP) {
      return { account: "removed", removedAt };
    }
    await tx.user.update({
      where: { id: removed.id },
      data: { passwordHash, email, removedAt: null, removedEmail: null },
    });
    await tx.accountLockout.deleteMany({ where: { email } });
    await recordActivity(tx, {
      shopId: removed.shopId,
      kind: "account_added",
      actorId: null,
      accountId: removed.id,
      detail: { name: removed.name, email, role: removed.role },
    });
    return { account: "restored", removedAt };
  });
}
