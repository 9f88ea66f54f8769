import { hashPassword } from "@/lib/auth/password";
import { subaccountSchema } from "@/lib/auth/schema";
import { AppError, successText, uniqueViolation } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { limits, takeSlot } from "@/lib/rate-limit";
import { lockShop } from "@/lib/shop/lock";
import { recordActivity } from "@/lib/activity/activity";
import { activeAccounts } from "./accounts";
import { assertOwner } from "./roles";
import { MAX_ACCOUNTS_PER_SHOP } from "./limits";

/**
 * An address any account has, in this shop or another, gets one answer that
 * does not say why it cannot be used: a shop's staff cannot tell from it
 * whether someone has an account at another shop (docs/security.md).
 */
const unavailable = () => new AppError("emailUnavailable", { fields: { email: "emailUnavailable" } });

export async function createSubaccount(
  client: PrismaClient,
  caller: { userId: string; shopId: string },
  input: unknown,
) {
  const { shopId } = caller;
  const data = subaccountSchema.parse(input);
  // Checked before the rate limit and the (costly) hash, and again under the lock below.
  if ((await client.user.count({ where: { shopId, ...activeAccounts } })) >= MAX_ACCOUNTS_PER_SHOP)
    throw new AppError("accountLimitReached");
  await takeSlot(client, limits.subaccountsPerShop(shopId));
  const passwordHash = await hashPassword(data.password);
  const user = await client
    .$transaction(async (tx) => {
      // Locking the shop's row makes concurrent creations take turns, so the
      // count below cannot be read by two of them at once.
      await lockShop(tx, shopId);
      // A new account reads the app in the shop's language until its owner picks another.
      const { language } = await tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: { language: true } });
      // Still an owner now (not demoted by another owner while the password was hashed).
      await assertOwner(tx, caller);
      if ((await tx.user.count({ where: { shopId, ...activeAccounts } })) >= MAX_ACCOUNTS_PER_SHOP) {
        throw new AppError("accountLimitReached");
      }
      if (await tx.user.findUnique({ where: { email: data.email }, select: { id: true } })) throw unavailable();
      const created = await tx.user.create({
        data: { shopId, name: data.name, email: data.email, passwordHash, role: "staff", language },
      });
      await recordActivity(tx, {
        shopId,
        kind: "account_added",
        actorId: caller.userId,
        accountId: created.id,
        detail: { name: created.name, email: created.email, role: created.role },
      });
      return created;
    })
    .catch((error: unknown) => {
      // Taken by a request that committed in between.
      throw uniqueViolation(error) ? unavailable() : error;
    });
  return { message: successText("subaccountCreated"), user: { name: user.name, email: user.email, role: user.role } };
}
