import { rows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { dayIn } from "@/lib/time-zone";
import { isUuid } from "@/lib/uuid";
import { selectRepairColumns } from "./columns";
import { assertRepairId, notFound } from "./queries";
import { repairJson, type RepairFields } from "./serialize";

// Items a customer leaves together (issue 51, docs/counter.md): each repair
// of a visit holds the visit's first repair's id in visit_id, that one too.
// A visit is one day's, in the shop's time zone. Its items share one
// "received" email (lib/notices/queue.ts).

type Tx = Prisma.TransactionClient;

/**
 * How long the "received" email of an item that more of its visit follow
 * waits: the next item's email replaces it and names them all; a form
 * closed without another item lets it go after this.
 */
export const VISIT_NOTICE_HOLD_MS = 15 * 60_000;

/**
 * The visit a new repair joins, given a repair of it left today (the shop's
 * day): that one's visit, made of it when it had none. Locks that repair, so
 * two items added at once join the same visit.
 */
export async function joinVisit(tx: Tx, shopId: string, sameAs: string, timeZone: string, now: Date): Promise<string> {
  const [first] = isUuid(sameAs)
    ? await tx.$queryRaw<{ id: string; visitId: string | null; createdAt: Date }[]>`
        SELECT id, visit_id AS "visitId", created_at AS "createdAt" FROM repairs
        WHERE id = ${sameAs}::uuid AND shop_id = ${shopId}::uuid FOR UPDATE`
    : [];
  if (!first) throw new AppError("visitNotFound", { fields: { same_visit_as: "visitNotFound" } });
  if (dayIn(first.createdAt, timeZone) !== dayIn(now, timeZone))
    throw new AppError("visitClosed", { fields: { same_visit_as: "visitClosed" } });
  if (first.visitId) return first.visitId;
  await tx.$executeRaw`UPDATE repairs SET visit_id = id WHERE id = ${first.id}::uuid AND shop_id = ${shopId}::uuid`;
  return first.id;
}

/** The other items of `repair`'s visit, in the order they were left. */
export async function visitItems(
  tx: Tx,
  repair: { id: string; shopId: string; visitId: string | null },
): Promise<{ id: string; repairNumber: string; itemDescription: string }[]> {
  if (!repair.visitId) return [];
  return tx.$queryRaw`
    SELECT id, repair_number AS "repairNumber", item_description AS "itemDescription" FROM repairs
    WHERE shop_id = ${repair.shopId}::uuid AND visit_id = ${repair.visitId}::uuid AND id <> ${repair.id}::uuid
    ORDER BY created_at, id`;
}

/** GET /repairs/{id}/visit: every item of the repair's visit, in the order left (the repair alone when it has none). */
export async function visitOf(client: PrismaClient, shopId: string, id: string) {
  assertRepairId(id);
  const found = await rows<RepairFields>(
    client,
    Prisma.sql`SELECT ${selectRepairColumns()} FROM repairs
      WHERE shop_id = ${shopId}::uuid AND (id = ${id}::uuid
        OR visit_id = (SELECT visit_id FROM repairs WHERE id = ${id}::uuid AND shop_id = ${shopId}::uuid))
      ORDER BY created_at, id`,
  );
  if (!found.some((repair) => repair.id === id)) throw notFound();
  return { repairs: found.map((repair) => repairJson(repair)) };
}
