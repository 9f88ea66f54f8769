import { AppError } from "@/lib/errors";
import type { Prisma, Repair } from "@/lib/generated/prisma/client";
import { assertRepairId, notFound } from "./queries";
import { REPAIR_ROW } from "./row";

/**
 * Versions a write was made against (If-Match, lib/http/etag.ts); null: any.
 * A screen sends the version it shows, so it never overwrites a change it
 * did not show (a customer's answer, a colleague's edit).
 */
export type Expected = number[] | null;

/**
 * Takes the repair's row lock for the rest of the transaction and reads it,
 * in one statement: every write to a repair or to what hangs on it (a
 * payment, a photo, a signature, its delete) goes through here first, so
 * they take turns, and one that finds it gone (erased, or archived: the
 * "repairs" view leaves it out) is answered 404 rather than failing on its
 * key. Refused (412 repairChanged) when it is no longer at an expected version.
 */
export async function lockRepair(
  tx: Prisma.TransactionClient,
  shopId: string,
  id: string,
  expected: Expected = null,
): Promise<Repair> {
  assertRepairId(id);
  const [repair] = await tx.$queryRaw<Repair[]>`
    SELECT ${REPAIR_ROW} FROM repairs WHERE id = ${id}::uuid AND shop_id = ${shopId}::uuid FOR UPDATE`;
  if (!repair) throw notFound();
  if (expected && !expected.includes(repair.version)) throw new AppError("repairChanged");
  return repair;
}
