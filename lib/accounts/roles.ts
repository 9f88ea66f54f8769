import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { recordActivity } from "@/lib/activity/activity";
import { lockShop } from "@/lib/shop/lock";
import { isUuid } from "@/lib/uuid";

// Who may do what in a shop (docs/security.md, Roles): an owner adds,
// removes and changes the role of accounts and changes the shop's settings;
// staff do the counter's and the workshop's work. A shop always keeps at
// least one owner: checked under the shop's lock in the statement's
// transaction that would remove or demote the last one.

export const ROLES = ["owner", "staff"] as const;
export type Role = (typeof ROLES)[number];

type Caller = { userId: string; shopId: string };
type Tx = Prisma.TransactionClient;

/** Refuses (403 ownerOnly) a caller who is not an owner of the shop now. */
export async function assertOwner(client: PrismaClient | Tx, caller: Caller): Promise<void> {
  const self = await client.user.findFirst({
    where: { id: caller.userId, shopId: caller.shopId, removedAt: null },
    select: { role: true },
  });
  if (self?.role !== "owner") throw new AppError("ownerOnly");
}

/** Refuses (409 lastOwner) a change that would leave the shop without an owner once `accountId` is not one. */
export async function assertAnotherOwner(tx: Tx, shopId: string, accountId: string): Promise<void> {
  const others = await tx.user.count({
    where: { shopId, role: "owner", removedAt: null, id: { not: accountId } },
  });
  if (others === 0) throw new AppError("lastOwner");
}

const roleSchema = z.object({ role: z.enum(ROLES, { error: "roleInvalid" }) });

/**
 * PATCH /accounts/{id} `{ role }`, an owner's call: makes an account of the
 * shop an owner (handing ownership over, with or without staying one) or
 * staff; the last owner cannot be made staff.
 */
export async function changeRole(client: PrismaClient, caller: Caller, accountId: string, input: unknown) {
  const { role } = roleSchema.parse(input);
  return client.$transaction(async (tx) => {
    await lockShop(tx, caller.shopId);
    await assertOwner(tx, caller);
    const target = isUuid(accountId)
      ? await tx.user.findFirst({ where: { id: accountId, shopId: caller.shopId, removedAt: null } })
      : null;
    if (!target) throw new AppError("accountNotFound");
    if (role === "staff" && target.role === "owner") await assertAnotherOwner(tx, caller.shopId, target.id);
    const changed = await tx.user.update({ where: { id: target.id }, data: { role } });
    if (role !== target.role) {
      await recordActivity(tx, {
        shopId: caller.shopId,
        kind: "role_changed",
        actorId: caller.userId,
        accountId: target.id,
        detail: { name: target.name, from: target.role, to: role },
      });
    }
    return { id: changed.id, name: changed.name, email: changed.email, role: changed.role };
  });
}

/**
 * The operator's repair (npm run account:make-owner): makes the account with
 * this email an owner of its shop. Null when no account has it.
 */
export async function makeOwner(client: PrismaClient, email: string) {
  const user = await client.user.findFirst({ where: { email, removedAt: null } });
  if (!user) return null;
  return client.$transaction(async (tx) => {
    const changed = await tx.user.update({ where: { id: user.id }, data: { role: "owner" } });
    if (user.role !== "owner") {
      await recordActivity(tx, {
        shopId: user.shopId,
        kind: "role_changed",
        actorId: null,
        accountId: user.id,
        detail: { name: user.name, from: user.role, to: "owner" },
      });
    }
    return changed;
  });
}
