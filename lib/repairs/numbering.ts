import { Prisma, type Language } from "@/lib/generated/prisma/client";
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
 * Writes the repair under a number: `insert` is given the number and, for a
 * number of the series, the condition (over the new row, `fresh`) under
 * which the number is taken already and nothing must be written.
 */
export type Numbered = <T>(insert: (number: string, taken?: Prisma.Sql) => Promise<T | undefined>) => Promise<T>;

/** An archived repair keeps its number (repair_records' unique index holds them too). */
const TAKEN = Prisma.sql`EXISTS (SELECT 1 FROM repair_records r
  WHERE r.shop_id = fresh.shop_id AND r.repair_number = fresh.repair_number)`;

/**
 * The next number of the shop's series, for a repair made in this
 * transaction, with the shop's settings a create needs: the count moved, the
 * lock taken and the settings read in one statement, and the number checked
 * in the insert's own (each round trip under the lock makes every other
 * create of the shop wait longer).
 */
export async function takeRepairNumber(
  tx: Prisma.TransactionClient,
  shopId: string,
  now: Date,
): Promise<{ shop: ShopForCreate; numbered: Numbered }> {
  const [shop] = await tx.$queryRaw<(ShopForCreate & { prefix: string; next: number })[]>`
    UPDATE shops SET next_repair_number = next_repair_number + 1 WHERE id = ${shopId}::uuid
    RETURNING repair_number_prefix AS prefix, next_repair_number - 1 AS next, time_zone AS "timeZone",
      language::text AS language, warranty_months AS "warrantyMonths"`;
  const day = dayIn(now, shop.timeZone);
  const numbered: Numbered = async (insert) => {
    let count = shop.next;
    let made;
    while ((made = await insert(seriesNumber(shop.prefix, day, count), TAKEN)) === undefined) count++;
    // Numbers typed by hand were stepped over: the series goes on after the one taken.
    if (count !== shop.next)
      await tx.$executeRaw`UPDATE shops SET next_repair_number = ${count + 1} WHERE id = ${shopId}::uuid`;
    return made;
  };
  return { shop: { language: shop.language, warrantyMonths: shop.warrantyMonths, timeZone: shop.timeZone }, numbered };
}

/** A number typed by staff, with the shop's settings: a number taken already fails the insert (409). */
export async function typedRepairNumber(
  tx: Prisma.TransactionClient,
  shopId: string,
  number: string,
): Promise<{ shop: ShopForCreate; numbered: Numbered }> {
  const [shop] = await tx.$queryRaw<ShopForCreate[]>`
    SELECT language::text AS language, warranty_months AS "warrantyMonths", time_zone AS "timeZone"
    FROM shops WHERE id = ${shopId}::uuid`;
  return { shop, numbered: async (insert) => (await insert(number))! };
}
