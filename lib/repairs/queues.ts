import { rows } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import {
  QUEUE_COUNT_CAP,
  QUEUES,
  QUOTE_EXPIRING_HOURS,
  REPAIR_STATUSES,
  type Queue,
  type RepairStatus,
} from "./workflow";

// The work queues (issue 17, part 3): what needs doing, each a condition on a
// repair that the list filters by and the dashboard counts. Each condition
// holds the predicate of its partial index (migration
// 20261124100000_workshops_and_queues; the open quotes' pages also
// 20261124140000_open_quotes_by_date) word for word, so the planner reads
// its rows from that small index; the dashboard counts each up to a cap
// (QUEUE_COUNT_CAP), so no count ever scans the table.

/** Today in the shop's time zone, and the instant before which a ready item has waited too long. */
const today = (shopId: string) =>
  Prisma.sql`(SELECT (now() AT TIME ZONE time_zone)::date FROM shops WHERE id = ${shopId}::uuid)`;
const readySince = (shopId: string) =>
  Prisma.sql`(SELECT now() - ready_waiting_days * interval '1 day' FROM shops WHERE id = ${shopId}::uuid)`;

/** The queue's condition on a row of repairs (the shop's own condition is the caller's). */
export function queueCondition(queue: Queue, shopId: string, now: Date): Prisma.Sql {
  const openQuote = Prisma.sql`quote_status = 'pending' AND status NOT IN ('picked_up', 'denied')`;
  switch (queue) {
    case "overdue":
      return Prisma.sql`deadline IS NOT NULL AND status NOT IN ('ready', 'picked_up', 'denied') AND deadline < ${today(shopId)}`;
    case "ready_waiting":
      return Prisma.sql`status = 'ready' AND status_since < ${readySince(shopId)}`;
    case "quote_waiting":
      return Prisma.sql`${openQuote} AND quote_expires_at > ${now}`;
    case "quote_expiring":
      return Prisma.sql`${openQuote} AND quote_expires_at > ${now} AND quote_expires_at <= ${new Date(now.getTime() + QUOTE_EXPIRING_HOURS * 3_600_000)}`;
    case "quote_expired":
      return Prisma.sql`${openQuote} AND quote_expires_at <= ${now}`;
    case "approved_to_start":
      // The customer said yes (by the link or at the counter): the work is to start.
      return Prisma.sql`status = 'approved'`;
    case "workshop_overdue":
      return Prisma.sql`status = 'outsourced' AND expected_back_on < ${today(shopId)}`;
    case "unpaid":
      // Collected, not fully paid (lib/repairs/balance.ts: the final price, else the approved quote).
      return Prisma.sql`status = 'picked_up' AND coalesce(final_price, CASE WHEN quote_status = 'approved' THEN quote_amount END, 0) > paid_total`;
    case "warranty_returns":
      return Prisma.sql`under_warranty AND status NOT IN ('picked_up', 'denied')`;
  }
}

export type QueueCount = { count: number; capped: boolean };
export type WorkQueues = {
  statuses: Record<RepairStatus, number>;
  queues: Record<Queue, QueueCount>;
  ready_waiting_days: number;
};

/** The queues that are one status: counted by the per-status counters, not by their rows. */
const BY_STATUS = { approved_to_start: "approved" } as const satisfies Partial<Record<Queue, RepairStatus>>;

/**
 * GET /repairs/queues: the dashboard's counts in one round trip. The
 * per-status counts are the trigger-kept repair_counts; each queue counts at
 * most QUEUE_COUNT_CAP + 1 index entries.
 */
export async function workQueues(client: PrismaClient, shopId: string, now = new Date()): Promise<WorkQueues> {
  const counted = QUEUES.filter((queue) => !(queue in BY_STATUS)).map(
    (queue) =>
      Prisma.sql`(SELECT count(*)::int FROM (SELECT 1 FROM repairs WHERE shop_id = ${shopId}::uuid AND ${queueCondition(queue, shopId, now)} LIMIT ${QUEUE_COUNT_CAP + 1}) q) AS ${Prisma.raw(`"${queue}"`)}`,
  );
  const [row] = await rows<Record<Queue, number> & { statuses: Record<string, number> | null; days: number }>(
    client,
    Prisma.sql`SELECT ${Prisma.join(counted, ", ")},
      (SELECT json_object_agg(status, count) FROM repair_counts WHERE shop_id = ${shopId}::uuid) AS statuses,
      (SELECT ready_waiting_days FROM shops WHERE id = ${shopId}::uuid) AS days`,
  );
  const statuses = Object.fromEntries(REPAIR_STATUSES.map((s) => [s, row.statuses?.[s] ?? 0])) as Record<
    RepairStatus,
    number
  >;
  const count = (q: Queue) => (q in BY_STATUS ? statuses[BY_STATUS[q as keyof typeof BY_STATUS]] : row[q]);
  return {
    statuses,
    queues: Object.fromEntries(
      QUEUES.map((q) => [q, { count: Math.min(count(q), QUEUE_COUNT_CAP), capped: count(q) > QUEUE_COUNT_CAP }]),
    ) as Record<Queue, QueueCount>,
    ready_waiting_days: row.days,
  };
}
