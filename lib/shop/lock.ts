import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Takes the shop's row lock for the rest of the transaction: changes that
 * count something of the shop first (its accounts, its owners, its stored
 * images, its workshops) take turns, so two cannot both read the count
 * before either writes.
 */
export async function lockShop(tx: Prisma.TransactionClient, shopId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM shops WHERE id = ${shopId}::uuid FOR UPDATE`;
}
