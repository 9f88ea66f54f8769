import { removeAccountSchema } from "@/lib/auth/schema";
import { revokeAllSessions } from "@/lib/auth/sessions";
import { confirmPassword } from "@/lib/auth/two-factor";
import { AppError, successText } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/uuid";
import { lockShop } from "@/lib/shop/lock";
import { recordActivity } from "@/lib/activity/activity";
import { assertAnotherOwner, assertOwner } from "./roles";

// A shop's accounts, as Settings lists them, and removing one (staff who
// leave). An owner may remove another account, not itself, after typing its
// own password again, and never the shop's last owner (./roles.ts). A
// removed account's row stays, so the history keeps naming who did what; its
// email is freed for a new account, its sessions end at once, and its slot
// is free.

type Caller = { userId: string; shopId: string };

/** Accounts that count, and sign in: not removed. */
export const activeAccounts = { removedAt: null } as const;

/** GET /accounts: the shop's accounts, oldest first. */
export async function listAccounts(client: PrismaClient, caller: Caller) {
  const users = await client.user.findMany({
    where: { shopId: caller.shopId, ...activeAccounts },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return {
    accounts: users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      twofa_enabled: user.twofaEnabled,
      last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
      is_you: user.id === caller.userId,
    })),
  };
}
export type AccountJson = Awaited<ReturnType<typeof listAccounts>>["accounts"][number];

/** DELETE /accounts/{id}: `input` is `{ password }`, the caller's own. */
export async function removeAccount(client: PrismaClient, caller: Caller, accountId: string, input: unknown) {
  const { password } = removeAccountSchema.parse(input);
  if (accountId === caller.userId) throw new AppError("cannotRemoveYourself");
  const target = isUuid(accountId)
    ? await client.user.findFirst({ where: { id: accountId, shopId: caller.shopId, ...activeAccounts } })
    : null;
  if (!target) throw new AppError("accountNotFound");
  const self = await client.user.findFirst({ where: { id: caller.userId, shopId: caller.shopId, ...activeAccounts } });
  if (!self) throw new AppError("unauthorized");
  await confirmPassword(client, self, password);

  await client.$transaction(async (tx) => {
    // Removals in one shop take turns, and the caller must still be an owner:
    // two owners removing each other at once cannot leave the shop with none.
    await lockShop(tx, caller.shopId);
    await assertOwner(tx, caller);
    if (target.role === "owner") await assertAnotherOwner(tx, caller.shopId, target.id);
    const removed = await tx.user.updateMany({
      where: { id: target.id, shopId: caller.shopId, ...activeAccounts },
      data: {
        removedAt: new Date(),
        // Freed: the same person may be given a new account one day.
        email: `removed-${target.id}@removed.invalid`,
        // Kept apart, so the operator's commands still find it by the address it had.
        removedEmail: target.email,
        twofaEnabled: false,
        twofaSecret: null,
      },
    });
    if (removed.count === 0) throw new AppError("accountNotFound");
    await revokeAllSessions(tx, target.id);
    await recordActivity(tx, {
      shopId: caller.shopId,
      kind: "account_removed",
      actorId: caller.userId,
      accountId: target.id,
      detail: { name: target.name, email: target.email },
    });
  });
  return { message: successText("accountRemoved") };
}
