import { rows } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { z } from "zod";
import { iso } from "./serialize";
import type { RepairStatus } from "./workflow";

// The customers' answers to quotes through the status link, for the shop's
// open screens (docs/customers.md): each screen asks every few seconds for
// the answers since it last asked, says them, and reads again the repairs
// they changed. One index read (status_history_customer_answers_idx) a time.

/** The most answers one call gives (the oldest first after `after`). */
const AT_MOST = 20;

const query = z.object({
  /** The `now` of the previous answer; none the first time: nothing before the screen opened. */
  after: z.iso.datetime({ offset: true, error: "invalidField" }).optional(),
});

export type CustomerAnswer = {
  repair_id: string;
  repair_number: string;
  customer_name: string;
  status: Extract<RepairStatus, "approved" | "denied">;
  at: string;
};

/** GET /repairs/answers?after=: the answers since then, and the `now` to ask from next (one statement). */
export async function customerAnswers(client: PrismaClient, shopId: string, input: unknown) {
  const { after } = query.parse(input);
  // The first time (no `after`) the moment alone: nothing before the screen opened.
  const found = await rows<{ now: Date | string } & Partial<CustomerAnswer> & { at: Date | string | null }>(
    client,
    Prisma.sql`SELECT t.now, a.* FROM (SELECT now() AS now) t LEFT JOIN LATERAL (
        SELECT h.repair_id, r.repair_number, r.customer_name, h.to_status::text AS status, h.changed_at AS at
        FROM status_history h JOIN repairs r ON r.id = h.repair_id
        WHERE ${after ?? null}::timestamptz IS NOT NULL AND h.shop_id = ${shopId}::uuid AND h.by_customer
          AND h.changed_at > ${after ?? null}::timestamptz AND h.changed_at <= t.now
        ORDER BY h.changed_at LIMIT ${AT_MOST}
      ) a ON true`,
  );
  const answers: CustomerAnswer[] = found
    .filter((a) => a.repair_id)
    .map((a) => ({
      repair_id: a.repair_id!,
      repair_number: a.repair_number!,
      customer_name: a.customer_name!,
      status: a.status!,
      at: iso(a.at!)!,
    }));
  // A full page: the next call goes on from its last answer.
  return { answers, now: answers.length === AT_MOST ? answers[AT_MOST - 1].at : iso(found[0].now)! };
}
