import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { limits, releaseSlot, resetLimit, takeSlot } from "@/lib/rate-limit";
import { assertNotLocked, recordFailure, recordSuccess } from "./lockout";
import { hashPassword, verifyPassword } from "./password";
import { loginSchema } from "./schema";
import { startSession } from "./sessions";
import { acceptSecondFactor } from "./two-factor";
import { publicUser, type PublicUser } from "./user";

export type LoginAnswer =
  | { requires2FA: true }
  | {
      accessToken: string;
      refreshToken: string;
      user: PublicUser;
      requires2FA: false;
      /** When a recovery code was used: how many are left. */
      recovery_codes_left?: number;
    };

// Compared against when the email is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () =>
  (dummyHash ??= hashPassword("no such account, just timing").catch((error: unknown) => {
    dummyHash = undefined; // a busy pool must not leave it failed for good
    throw error;
  }));

/** POST /auth/login; `body` as the client sent it (parsed here, like every service's input). */
export async function login(client: PrismaClient, body: unknown, ip: string): Promise<LoginAnswer> {
  const input = loginSchema.parse(body);
  const perEmail = limits.loginPerEmail(input.email);
  const perIp = limits.loginPerIp(ip);
  await takeSlot(client, perIp);
  await takeSlot(client, perEmail);
  const failures = await assertNotLocked(client, input.email);

  const user = await client.user.findUnique({ where: { email: input.email } });
  // An unknown email, or an account being guessed at, waits in the hashing
  // threads' open lane: a flood of those never keeps a shop's staff out.
  const lane = user && failures === 0 ? "trusted" : "open";
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()), lane);
  if (!user || !passwordOk) {
    await recordFailure(client, input.email);
    // A wrong credential, not a missing session: 403, which no client answers with "refresh and replay".
    throw new AppError("invalidCredentials");
  }

  let secondFactor: { recoveryCodesLeft?: number } = {};
  if (user.twofaEnabled) {
    if (!input.twofa_code) {
      // The password was right: that attempt does not count against the limits
      // (nor clears the lockout count: the code has not been checked yet).
      await releaseSlot(client, perEmail);
      await releaseSlot(client, perIp);
      return { requires2FA: true };
    }
    secondFactor = await acceptSecondFactor(client, user, input.twofa_code);
  }

  await recordSuccess(client, user.email);
  await client.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  await resetLimit(client, perEmail);
  await releaseSlot(client, perIp);
  const tokens = await startSession(client, user);
  const left = secondFactor.recoveryCodesLeft;
  return {
    ...tokens,
    user: publicUser(user),
    requires2FA: false,
    ...(left === undefined ? {} : { recovery_codes_left: left }),
  };
}
