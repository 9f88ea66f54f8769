import { rows } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { assertRepairId, notFound } from "./queries";
import { iso } from "./serialize";
import type { ItemType, RepairStatus } from "./workflow";

// The same customer's other repairs (issue 17): the same phone, compared on
// its last 9 digits ("+34 600 123 456" is "600123456"), or the same email,
// within the shop, newest first. A phone of fewer than 6 digits matches nothing.

export const RELATED_LIMIT = 20;
export const PHONE_DIGITS = 9;
export const MIN_PHONE_DIGITS = 6;

/** The index's own expression (the 9 written in, not bound), so the planner uses the index. */
export const phoneKey = (column: Prisma.Sql) =>
  Prisma.sql`right(regexp_replace(${column}, '\\D', '', 'g'), ${Prisma.raw(String(PHONE_DIGITS))})`;

export type RelatedRepair = {
  id: string;
  repair_number: string;
  item_type: ItemType;
  item_description: string;
  status: RepairStatus;
  created_at: string;
};

/** GET /repairs/{id}/related. */
export async function relatedRepairs(client: PrismaClient, shopId: string, id: string) {
  assertRepairId(id);
  const [self] = await rows<{ phone: string | null; email: string | null }>(
    client,
    Prisma.sql`SELECT ${phoneKey(Prisma.raw("customer_phone"))} AS phone, customer_email AS email
      FROM repairs WHERE id = ${id}::uuid AND shop_id = ${shopId}::uuid`,
  );
  if (!self) throw notFound();
  const phone = self.phone && self.phone.length >= MIN_PHONE_DIGITS ? self.phone : null;
  const matches: Prisma.Sql[] = [];
  // Each branch is its own index scan (repairs_phone_key_idx, repairs_customer_email_idx).
  if (phone)
    matches.push(Prisma.sql`SELECT id FROM repairs WHERE shop_id = ${shopId}::uuid AND customer_phone IS NOT NULL
      AND ${phoneKey(Prisma.raw("customer_phone"))} = ${phone}`);
  if (self.email)
    matches.push(Prisma.sql`SELECT id FROM repairs WHERE shop_id = ${shopId}::uuid AND customer_email IS NOT NULL
      AND customer_email = ${self.email}`);
  if (matches.length === 0) return { repairs: [] as RelatedRepair[] };
  const found = await rows<RelatedRepair>(
    client,
    Prisma.sql`SELECT id, repair_number, item_type, item_description, status, created_at FROM repairs
      WHERE shop_id = ${shopId}::uuid AND id <> ${id}::uuid AND id IN (${Prisma.join(matches, " UNION ")})
      ORDER BY created_at DESC, id DESC LIMIT ${RELATED_LIMIT}`,
  );
  return {
    repairs: found.map((r) => ({
      ...r,
      created_at: iso(r.created_at)!,
    })),
  };
}
