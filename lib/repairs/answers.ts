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

/** A screen just opened hears the answers of the last minute: one given while it loaded is not lost. */
const LOOK_BACK_SECONDS = 60;

/**
 * An answer carries the moment it was given and is committed a moment
 * later: each call asks again over these last seconds, and a screen keeps
 * what it heard (an answer may come twice, and is never missed).
 */
const SETTLE_SECONDS = 2;

const query = z.object({
  /** The `now` of the previous answer; none the first time: the last minute. */
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
  const found = await rows<{ now: Date | string } & Partial<CustomerAnswer> & { at: Date | string | null }>(
    client,
    Prisma.sql`SELECT t.now - ${SETTLE_SECONDS} * interval '1 second' AS now, a.* FROM (SELECT now() AS now) t
      LEFT JOIN LATERAL (
        SELECT h.repair_id, r.repair_number, r.customer_name, h.to_status::text AS status, h.changed_at AS at
        FROM status_history h JOIN repairs r ON r.id = h.repair_id
        WHERE h.shop_id = ${shopId}::uuid AND h.by_customer
          AND h.changed_at > coalesce(${after ?? null}::timestamptz, t.now - ${LOOK_BACK_SECONDS} * interval '1 second')
          AND h.changed_at <= t.now
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
