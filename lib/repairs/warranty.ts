import { AppError } from "@/lib/errors";
import { Prisma, type PrismaClient, type Repair } from "@/lib/generated/prisma/client";
import { rows } from "@/lib/db";
import { dayIn } from "@/lib/time-zone";
import { isUuid } from "@/lib/uuid";
import { parseDeadline } from "./dates";
import { assertRepairId, notFound } from "./queries";
import { MIN_PHONE_DIGITS, PHONE_DIGITS, phoneKey } from "./related";
import { REPAIR_ROW } from "./row";
import { iso } from "./serialize";
import type { RepairStatus } from "./workflow";

// After the repair (docs/aftercare.md): the warranty runs from the day of
// pickup in the shop's time zone for the repair's months (31 January and a
// month is the last day of February; Postgres' date arithmetic, the same as
// the migration that gave older repairs theirs). A comeback links to its
// first repair and is under warranty when it comes in on or before that
// one's last day; the first repair's warranty never changes.

type Tx = Prisma.TransactionClient;

/**
 * The warranty's last day of a repair collected at `pickedUpAt` with `months`
 * of it (none with 0), as SQL for the statement that writes the pickup.
 */
export function warrantyUntilSql(shopId: string, pickedUpAt: Prisma.Sql, months: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`CASE WHEN ${months} > 0
      THEN ((${pickedUpAt} AT TIME ZONE (SELECT time_zone FROM shops WHERE id = ${shopId}::uuid))::date
        + make_interval(months => ${months}))::date END`;
}

/** Sets the warranty's last day of repairs entered as already picked up, and gives them back as they are now. */
export async function startWarranty(tx: Tx, shopId: string, ids: string[]): Promise<Repair[]> {
  return tx.$queryRaw<Repair[]>`
    UPDATE repairs SET warranty_until = ${warrantyUntilSql(shopId, Prisma.raw("picked_up_at"), Prisma.raw("warranty_months"))}
    WHERE shop_id = ${shopId}::uuid AND id = ANY(${ids}::uuid[]) AND picked_up_at IS NOT NULL
    RETURNING ${REPAIR_ROW}`;
}

/** A new repair's link to its first one: the shop's own, and whether its warranty still runs today in the shop's zone. */
export async function comebackOf(tx: Tx, shopId: string, firstId: string, timeZone: string, now: Date) {
  const first = isUuid(firstId)
    ? await tx.repair.findFirst({ where: { id: firstId, shopId }, select: { id: true, warrantyUntil: true } })
    : null;
  if (!first) throw new AppError("warrantyOfNotFound", { fields: { warranty_of: "warrantyOfNotFound" } });
  const today = parseDeadline(dayIn(now, timeZone))!;
  return { warrantyOf: first.id, underWarranty: first.warrantyUntil !== null && today <= first.warrantyUntil };
}

type Linked = {
  id: string;
  repair_number: string;
  status: RepairStatus;
  warranty_until: string | null;
  created_at: string;
  under_warranty: boolean;
};

/** GET /repairs/{id}/warranty: the first repair it returns to, and its own comebacks. */
export async function warrantyLinks(client: PrismaClient, shopId: string, id: string) {
  assertRepairId(id);
  const found = await rows<Linked & { link: "first" | "comeback" | "self" }>(
    client,
    Prisma.sql`
    WITH self AS (SELECT id, warranty_of FROM repairs WHERE id = ${id}::uuid AND shop_id = ${shopId}::uuid)
    SELECT r.id, r.repair_number, r.status, r.warranty_until, r.created_at, r.under_warranty,
      CASE WHEN r.id = self.id THEN 'self' WHEN r.id = self.warranty_of THEN 'first' ELSE 'comeback' END AS link
    FROM self JOIN repairs r ON r.shop_id = ${shopId}::uuid AND (r.id = self.id OR r.id = self.warranty_of OR r.warranty_of = self.id)
    ORDER BY r.created_at, r.id`,
  );
  if (!found.some((r) => r.link === "self")) throw notFound();
  const json = (r: (typeof found)[number]) => ({
    id: r.id,
    repair_number: r.repair_number,
    status: r.status,
    under_warranty: r.under_warranty,
    warranty_until: r.warranty_until && iso(r.warranty_until)!.slice(0, 10),
    created_at: iso(r.created_at)!,
  });
  const first = found.find((r) => r.link === "first");
  return { first: first ? json(first) : null, comebacks: found.filter((r) => r.link === "comeback").map(json) };
}
export type WarrantyLinks = Awaited<ReturnType<typeof warrantyLinks>>;

/**
 * GET /repairs/warranty-candidates: the shop's repairs whose warranty runs
 * today that have this serial number (whatever its capitals) and the same
 * customer (phone on its last 9 digits, or email): what a new repair may be
 * the comeback of. At most 5, the latest warranty first.
 */
export async function warrantyCandidates(
  client: PrismaClient,
  shopId: string,
  query: { serial?: string; phone?: string; email?: string },
) {
  const serial = query.serial?.trim();
  const digits = (query.phone ?? "").replace(/\D/g, "").slice(-PHONE_DIGITS);
  const phone = digits.length >= MIN_PHONE_DIGITS ? digits : null;
  const email = query.email?.trim().toLowerCase() || null;
  if (!serial || (!phone && !email)) return { repairs: [] };
  const customer = [
    phone ? Prisma.sql`${phoneKey(Prisma.raw("r.customer_phone"))} = ${phone}` : null,
    email ? Prisma.sql`r.customer_email = ${email}` : null,
  ].filter((part): part is Prisma.Sql => part !== null);
  const found = await rows<{
    id: string;
    repair_number: string;
    item_description: string;
    warranty_until: string | Date;
  }>(
    client,
    Prisma.sql`
    SELECT r.id, r.repair_number, r.item_description, r.warranty_until FROM repairs r JOIN shops s ON s.id = r.shop_id
    WHERE r.shop_id = ${shopId}::uuid AND r.warranty_until >= (now() AT TIME ZONE s.time_zone)::date
      AND lower(r.serial_number) = lower(${serial}) AND (${Prisma.join(customer, " OR ")})
    ORDER BY r.warranty_until DESC, r.id LIMIT 5`,
  );
  return {
    repairs: found.map((r) => ({ ...r, warranty_until: iso(r.warranty_until)!.slice(0, 10) })),
  };
}
export type WarrantyCandidate = Awaited<ReturnType<typeof warrantyCandidates>>["repairs"][number];
