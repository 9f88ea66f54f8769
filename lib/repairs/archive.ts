import { z } from "zod";
import { recordActivity } from "@/lib/activity/activity";
import { rows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { deleteWithFiles } from "@/lib/photos/store";
import { lockRepair } from "./lock";
import { assertRepairId, getRepair, notFound } from "./queries";
import { optionalText } from "@/lib/schema-parts";

// Deleting a repair (issue 49). A repair that was paid (any payment, voided
// or not), signed or handed over is a record the shop may be audited on: it
// is archived, never erased. Its row, number, payments, signatures, photos
// and history stay in repair_records, with who deleted it, when and why; the
// "repairs" view every other query reads leaves it out (the list, search,
// queues, export, status link), while the takings still count its money.
// Money not given back first refuses the delete. Any other repair is erased
// with its photos as before, and its number is kept in the activity log, so
// the series never has a silent gap. Owners list both and restore the kept.

type Actor = { shopId: string; userId: string };

const deleteSchema = z.object({ reason: optionalText(500, "invalidField") });

/** What deleting a repair did to it. */
export type DeleteOutcome = "archived" | "erased";

type Tx = Prisma.TransactionClient;

/**
 * Whether a repair is a record kept when deleted: it has a payment (even a
 * voided one: the void is a record too), a signature, or was handed over.
 */
async function isKeptRecord(tx: Tx, shopId: string, repair: { id: string; pickedUpAt: Date | null }) {
  if (repair.pickedUpAt) return true;
  const [facts] = await tx.$queryRaw<{ kept: boolean }[]>(
    Prisma.sql`SELECT EXISTS (SELECT 1 FROM payments WHERE repair_id = ${repair.id}::uuid AND shop_id = ${shopId}::uuid)
      OR EXISTS (SELECT 1 FROM signatures WHERE repair_id = ${repair.id}::uuid AND shop_id = ${shopId}::uuid) AS kept`,
  );
  return facts.kept;
}

/**
 * DELETE /repairs/{id}, optionally with `{ reason }` (the screens always ask;
 * the spec's call without a body records none). A kept record is archived in
 * one transaction; any other repair is erased with its photos' files, all or
 * nothing, its number written to the activity log.
 */
export async function deleteRepair(
  client: PrismaClient,
  actor: Actor,
  id: string,
  input: unknown,
): Promise<DeleteOutcome> {
  assertRepairId(id);
  const { reason } = deleteSchema.parse(input ?? {});
  const archived = await client.$transaction(async (tx) => {
    const repair = await lockRepair(tx, actor.shopId, id);
    if (!(await isKeptRecord(tx, actor.shopId, repair))) return false;
    // Money taken is money taken: it is given back (a refund) before the repair goes.
    if (Number(repair.paidTotal) !== 0) throw new AppError("repairHasMoney");
    const now = new Date();
    await tx.repair.update({
      where: { id, shopId: actor.shopId },
      data: { deletedAt: now, deletedById: actor.userId, deletedReason: reason },
    });
    // Notices not sent yet would tell the customer about a repair no longer there.
    await tx.notice.deleteMany({ where: { repairId: id, state: "queued" } });
    await recordActivity(tx, {
      shopId: actor.shopId,
      kind: "repair_archived",
      actorId: actor.userId,
      repair: { id, number: repair.repairNumber },
      detail: { customer: repair.customerName, reason },
      at: now,
    });
    return true;
  });
  if (archived) return "archived";

  const images = { where: { shopId: actor.shopId, repairId: id }, select: { filePath: true } } as const;
  const files = (await client.photo.findMany(images)).map((photo) => photo.filePath);
  await deleteWithFiles(files, () =>
    client.$transaction(async (tx) => {
      const repair = await lockRepair(tx, actor.shopId, id);
      // Paid, signed or given a photo meanwhile: the caller tries again and gets the right outcome.
      if (await isKeptRecord(tx, actor.shopId, repair)) throw new AppError("repairChanged");
      if ((await tx.photo.count({ where: { shopId: actor.shopId, repairId: id } })) !== files.length) {
        throw new AppError("repairChanged");
      }
      // Its history goes with it by name (the database refuses a cascade): only an unpaid, unsigned repair's.
      await tx.statusHistory.deleteMany({ where: { repairId: id, shopId: actor.shopId } });
      await tx.repairEvent.deleteMany({ where: { repairId: id, shopId: actor.shopId } });
      await tx.repair.delete({ where: { id, shopId: actor.shopId } });
      await recordActivity(tx, {
        shopId: actor.shopId,
        kind: "repair_erased",
        actorId: actor.userId,
        repair: { id, number: repair.repairNumber },
        detail: { customer: repair.customerName, reason },
      });
    }),
  );
  return "erased";
}

/** A repair kept after its delete, or a number erased, as the owners' list shows it. */
type DeletedRow = {
  id: string;
  repairNumber: string;
  customerName: string;
  itemDescription: string | null;
  at: Date | string;
  who: string | null;
  reason: string | null;
};

const deletedJson = (row: DeletedRow) => ({
  id: row.id,
  repair_number: row.repairNumber,
  customer_name: row.customerName,
  item_description: row.itemDescription,
  deleted_at: new Date(row.at).toISOString(),
  deleted_by: row.who,
  reason: row.reason,
});
export type DeletedRepairJson = ReturnType<typeof deletedJson>;

/** How many of each the list gives, newest first. */
export const DELETED_LIST_LIMIT = 500;

/**
 * GET /repairs/deleted (owners): the archived repairs, restorable, and the
 * numbers of the erased ones, each with who, when and why; newest first.
 */
export async function listDeleted(client: PrismaClient, shopId: string) {
  const [archived, erased] = await Promise.all([
    rows<DeletedRow>(
      client,
      Prisma.sql`SELECT r.id, r.repair_number AS "repairNumber", r.customer_name AS "customerName",
        r.item_description AS "itemDescription", r.deleted_at AS at, u.name AS who, r.deleted_reason AS reason
      FROM repair_records r LEFT JOIN users u ON u.id = r.deleted_by_id
      WHERE r.shop_id = ${shopId}::uuid AND r.deleted_at IS NOT NULL
      ORDER BY r.deleted_at DESC, r.id DESC LIMIT ${DELETED_LIST_LIMIT}`,
    ),
    rows<DeletedRow>(
      client,
      Prisma.sql`SELECT a.repair_id AS id, a.repair_number AS "repairNumber", a.detail->>'customer' AS "customerName",
        NULL AS "itemDescription", a.at, u.name AS who, a.detail->>'reason' AS reason
      FROM activity a LEFT JOIN users u ON u.id = a.actor_id
      WHERE a.shop_id = ${shopId}::uuid AND a.kind = 'repair_erased'
      ORDER BY a.at DESC, a.id DESC LIMIT ${DELETED_LIST_LIMIT}`,
    ),
  ]);
  return { archived: archived.map(deletedJson), erased: erased.map(deletedJson) };
}
export type DeletedRepairs = Awaited<ReturnType<typeof listDeleted>>;

/** POST /repairs/{id}/restore (owners): an archived repair back in the list as it was. */
export async function restoreRepair(client: PrismaClient, actor: Actor, id: string) {
  assertRepairId(id);
  await client.$transaction(async (tx) => {
    const [restored] = await tx.$queryRaw<{ repairNumber: string; customerName: string }[]>(
      Prisma.sql`UPDATE repair_records SET deleted_at = NULL, deleted_by_id = NULL, deleted_reason = NULL
        WHERE id = ${id}::uuid AND shop_id = ${actor.shopId}::uuid AND deleted_at IS NOT NULL
        RETURNING repair_number AS "repairNumber", customer_name AS "customerName"`,
    );
    if (!restored) throw notFound();
    await recordActivity(tx, {
      shopId: actor.shopId,
      kind: "repair_restored",
      actorId: actor.userId,
      repair: { id, number: restored.repairNumber },
      detail: { customer: restored.customerName },
    });
  });
  return getRepair(client, actor.shopId, id);
}
