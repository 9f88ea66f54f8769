import type { Prisma } from "@/lib/generated/prisma/client";
import { dayIn } from "@/lib/time-zone";
import { seriesNumber } from "./series";

// The numbers a shop gives its repairs when staff leave the number empty:
// PREFIX-DDMMYYYY-00001, the day of intake in the shop's time zone and the
// shop's running count (a paper book's correlative number). The count moves
// in the create's transaction, under the shop row's lock: concurrent creates
// take turns, and one that fails takes its number back with it (no gaps, no
// duplicates). A number already typed by hand is stepped over.

/** The next number of the shop's series, taken for a repair made in this transaction. */
export async function takeRepairNumber(tx: Prisma.TransactionClient, shopId: string, now: Date): Promise<string> {
  const [shop] = await tx.$queryRaw<{ prefix: string; next: number; timeZone: string }[]>`
    SELECT repair_number_prefix AS prefix, next_repair_number AS next, time_zone AS "timeZone"
    FROM shops WHERE id = ${shopId}::uuid FOR NO KEY UPDATE`;
  const day = dayIn(now, shop.timeZone);
  let count = shop.next;
  let number = seriesNumber(shop.prefix, day, count);
  while (await tx.repair.findFirst({ where: { shopId, repairNumber: number }, select: { id: true } }))
    number = seriesNumber(shop.prefix, day, ++count);
  await tx.$executeRaw`UPDATE shops SET next_repair_number = ${count + 1} WHERE id = ${shopId}::uuid`;
  return number;
}
