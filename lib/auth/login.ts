import bcrypt from "bcryptjs";
import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { limits, releaseSlot, resetLimit, takeSlot } from "@/lib/rate-limit";
import { BCRYPT_COST, verifyPassword } from "./password";
import { PASSWORD_MAX_BYTES, passwordBytes } from "./rules";
import type { LoginInput } from "./schema";
import { startSession } from "./sessions";
import { acceptTotpCode } from "./two-factor";
import { publicUser, type PublicUser } from "./user";

export type LoginAnswer =
  | { requires2FA: true }
  | { accessToken: string; refreshToken: string; user: PublicUser; requires2FA: false };

// Compared against when the email is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= bcrypt.hash("no such account, just timing", BCRYPT_COST));

export async function login(client: PrismaClient, input: LoginInput, ip: string): Promise<LoginAnswer> {
  const perEmail = limits.loginPerEmail(input.email);
  const perIp = limits.loginPerIp(ip);
  await takeSlot(client, perIp);
  await takeSlot(client, perEmail);

  const user = await client.user.findUnique({ where: { email: input.email } });
  const hashMatches = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()));
  // bcrypt reads 72 bytes only: a longer password never matches, whatever its start.
  const passwordOk = hashMatches && passwordBytes(input.password) <= PASSWORD_MAX_BYTES;
  if (!user || !passwordOk) throw new AppError("invalidCredentials", 401);

  if (user.twofaEnabled) {
    if (!input.twofa_code) {
      // The password was right: that attempt does not count against the limits.
      await releaseSlot(client, perEmail);
      await releaseSlot(client, perIp);
      return { requires2FA: true };
    }
    await acceptTotpCode(client, user, input.twofa_code);
  }

  await resetLimit(client, perEmail);
  await releaseSlot(client, perIp);
  const tokens = await startSession(client, user);
  return { ...tokens, user: publicUser(user), requires2FA: false };
}
