import { rows } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { assertRepairId, notFound } from "./queries";
import { iso } from "./serialize";
import type { RepairStatus } from "./workflow";

// A repair's history (issue 17, part 1), newest first: its creation and every
// status change (status_history, the customer's answers by link among them),
// quotes, final prices and photos (repair_events), and the emails sent to the
// customer (notices). Each with who did it (the account's name, the customer
// by link, or nobody for the server's own) and when.

export const HISTORY_LIMIT = 200;

export type HistoryEntry = {
  kind:
    | "created"
    | "status"
    | "link_answer"
    | "quote_set"
    | "final_price_set"
    | "photo_added"
    | "photo_removed"
    | "sent_out"
    | "signed"
    | "payment"
    | "payment_voided"
    | "picked_up_with_due"
    | "notice";
  at: string;
  /** The account's name; null for the customer (by_customer) or the server (notices), or a deleted account. */
  by: string | null;
  by_customer: boolean;
  from: RepairStatus | null;
  to: RepairStatus | null;
  /** An amount ("90.50"), a photo's or a workshop's name, a signature's stage and signer ("intake:Ana"), or a notice's event and state ("ready:sent"). */
  detail: string | null;
};

export async function repairHistory(client: PrismaClient, shopId: string, id: string) {
  assertRepairId(id);
  const [exists] = await rows<{ id: string }>(
    client,
    Prisma.sql`SELECT id FROM repairs WHERE id = ${id}::uuid AND shop_id = ${shopId}::uuid`,
  );
  if (!exists) throw notFound();
  const entries = await rows<HistoryEntry>(
    client,
    Prisma.sql`
    SELECT kind, at, by, by_customer, "from", "to", detail FROM (
      SELECT CASE WHEN h.from_status IS NULL THEN 'created' WHEN h.by_customer THEN 'link_answer' ELSE 'status' END AS kind,
             h.changed_at AS at, u.name AS by, h.by_customer, h.from_status AS "from", h.to_status AS "to", NULL AS detail,
             0 AS ord
      FROM status_history h LEFT JOIN users u ON u.id = h.changed_by_id
      WHERE h.repair_id = ${id}::uuid AND h.shop_id = ${shopId}::uuid
      UNION ALL
      SELECT e.kind::text, e.changed_at, u.name, false, NULL, NULL, e.detail, 1
      FROM repair_events e LEFT JOIN users u ON u.id = e.changed_by_id
      WHERE e.repair_id = ${id}::uuid AND e.shop_id = ${shopId}::uuid
      UNION ALL
      -- A notice's detail as eventDetail(event, state) writes one (./event-detail.ts).
      SELECT 'notice', coalesce(n.sent_at, n.created_at), NULL, false, NULL, n.status, n.event::text || ':' || n.state::text, 2
      FROM notices n
      WHERE n.repair_id = ${id}::uuid AND n.shop_id = ${shopId}::uuid
    ) history
    -- A change made in one transaction shares its instant: the status first, then what came with it.
    ORDER BY at DESC, ord
    LIMIT ${HISTORY_LIMIT}`,
  );
  return {
    history: entries.map((e) => ({ ...e, at: iso(e.at)! })),
  };
}
