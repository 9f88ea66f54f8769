import type { Language, Prisma } from "@/lib/generated/prisma/client";
import { dayIn } from "@/lib/time-zone";
import { seriesNumber } from "./series";

// The numbers a shop gives its repairs when staff leave the number empty:
// PREFIX-DDMMYYYY-00001, the day of intake in the shop's time zone and the
// shop's running count (a paper book's correlative number). The count moves
// in the create's transaction, under the shop row's lock: concurrent creates
// take turns, and one that fails takes its number back with it (no gaps, no
// duplicates). A number already typed by hand is stepped over.

/** What a create needs of its shop besides the number. */
export type ShopForCreate = { language: Language; warrantyMonths: number; timeZone: string };

/**
 * The next number of the shop's series, taken for a repair made in this
 * transaction, with the shop's settings a create needs: the count moved, the
 * lock taken and the settings read in one statement (each round trip under
 * the lock makes every other create of the shop wait longer).
 */
export async function takeRepairNumber(
  tx: Prisma.TransactionClient,
  shopId: string,
  now: Date,
): Promise<{ number: string; shop: ShopForCreate }> {
  const [shop] = await tx.$queryRaw<(ShopForCreate & { prefix: string; next: number })[]>`
    UPDATE shops SET next_repair_number = next_repair_number + 1 WHERE id = ${shopId}::uuid
    RETURNING repair_number_prefix AS prefix, next_repair_number - 1 AS next, time_zone AS "timeZone",
      language::text AS language, warranty_months AS "warrantyMonths"`;
  const day = dayIn(now, shop.timeZone);
  let count = shop.next;
  let number = seriesNumber(shop.prefix, day, count);
  // Archived repairs keep their numbers (repair_records' unique index holds them too).
  const taken = async (candidate: string) =>
    (
      await tx.$queryRaw<unknown[]>`
        SELECT 1 FROM repair_records WHERE shop_id = ${shopId}::uuid AND repair_number = ${candidate}`
    ).length > 0;
  while (await taken(number)) number = seriesNumber(shop.prefix, day, ++count);
  // Numbers typed by hand were stepped over: the series goes on after the one taken.
  if (count !== shop.next)
    await tx.$executeRaw`UPDATE shops SET next_repair_number = ${count + 1} WHERE id = ${shopId}::uuid`;
  return { number, shop: { language: shop.language, warrantyMonths: shop.warrantyMonths, timeZone: shop.timeZone } };
}
