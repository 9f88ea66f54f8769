import pg from "pg";
import { describe, expect, it } from "vitest";
import { PATCH as bulkRoute } from "@/app/api/repairs/status/route";
import { db } from "@/lib/db";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

const database = withTestDatabase();

describe("the per-status counters under concurrent status changes", () => {
  it("never deadlocks when repairs cross each other's statuses, and the totals stay exact", async () => {
    const { api, owner } = await shopSession();
    const ready = await Promise.all(Array.from({ length: 6 }, () => createRepair(api, { status: "ready" })));
    const working = await Promise.all(Array.from({ length: 6 }, () => createRepair(api, { status: "in_progress" })));
    // Each round moves the two groups in opposite directions at the same
    // moment: the trigger must take the counter locks in one order for all.
    for (let round = 0; round < 20; round++) {
      const [x, y] = round % 2 ? ["ready", "in_progress"] : ["in_progress", "ready"];
      const answers = await Promise.all([
        ...ready.map((r) => api.status(r.id, x)),
        ...working.map((r) => api.status(r.id, y)),
      ]);
      expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    }
    await expectCountsExact(owner.shopId);
  });

  it("never deadlocks when bulk changes of repairs in mixed statuses run at once", async () => {
    const { token, owner } = await shopSession();
    const ids = await insertRepairs(owner.shopId, 800);
    const TARGETS = ["in_repair", "approved", "denied", "approved", "denied", "ready"];
    for (let round = 0; round < TARGETS.length; round++) {
      await mixStatuses(owner.shopId, round);
      // A pending quote on about every fifth: moved to approved or denied,
      // those have effects of their own, so the change updates in two
      // statements. Set again each round, since such a move answers them.
      await db().$executeRaw`
        UPDATE repairs SET quote_status = CASE WHEN abs(hashtext(id::text)) % 5 = 0 THEN 'pending'::quote_status END,
          quote_expires_at = now() + interval '7 days'
        WHERE shop_id = ${owner.shopId}::uuid`;
      // Sixteen changes of 50 repairs at once, all to the same status: each
      // meets the old statuses in its own order.
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, g) =>
          bulkRoute(
            authed(
              "/api/repairs/status",
              token,
              { ids: ids.slice(g * 50, g * 50 + 50), status: TARGETS[round] },
              "PATCH",
            ),
          ),
        ),
      );
      expect(
        answers.map((r) => r.status),
        `to ${TARGETS[round]}`,
      ).toEqual(Array(16).fill(200));
      await expectCountsExact(owner.shopId);
    }
  });
});

describe("the per-status counters under concurrent statements", () => {
  it("never deadlock, whatever order a statement meets its repairs' statuses in", async () => {
    const { owner } = await shopSession();
    const ids = await insertRepairs(owner.shopId, 800);
    // Any statement that moves many repairs (an operator's SQL, a future
    // feature), not only the bulk change, which also takes its counters first.
    // Six connections at once (the embedded database takes 16 in all, the app's pool included).
    const clients = Array.from({ length: 6 }, () => new pg.Client(database.url()));
    await Promise.all(clients.map((c) => c.connect()));
    try {
      for (const [round, target] of ["in_repair", "ready", "diagnosing"].entries()) {
        await mixStatuses(owner.shopId, round);
        const results = await Promise.allSettled(
          clients.map((c, g) =>
            c.query("UPDATE repairs SET status = $1::repair_status WHERE id = ANY($2::uuid[])", [
              target,
              ids.slice(g * 120, g * 120 + 120),
            ]),
          ),
        );
        const failed = results.filter((r) => r.status === "rejected").map((r) => String(r.reason));
        expect(failed, `to ${target}`).toEqual([]);
        await expectCountsExact(owner.shopId);
      }
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });
});

/** `count` repairs of the shop, made in one statement; their ids. */
async function insertRepairs(shopId: string, count: number): Promise<string[]> {
  const made = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO repairs (shop_id, repair_number, customer_name, item_description)
    SELECT ${shopId}::uuid, 'B-' || n, 'Client ' || n, 'Rellotge' FROM generate_series(1, ${count}) n
    RETURNING id`;
  return made.map((r) => r.id);
}

const MIXED = ["received", "diagnosing", "quoting", "in_progress", "in_repair", "outsourced", "ready", "denied"];

/** Every repair of the shop in one of eight statuses, dealt anew for each round. */
async function mixStatuses(shopId: string, round: number) {
  await db().$executeRaw`
    UPDATE repairs SET status = (${MIXED}::repair_status[])[1 + (abs(hashtext(id::text || ${round}::text)) % 8)]
    WHERE shop_id = ${shopId}::uuid`;
}

/** The counters hold what counting the shop's repairs gives. */
async function expectCountsExact(shopId: string) {
  const kept = await db().repairCount.findMany({
    where: { shopId, count: { not: 0 } },
    select: { status: true, count: true },
    orderBy: { status: "asc" },
  });
  const actual = await db().repair.groupBy({
    by: ["status"],
    where: { shopId },
    _count: true,
    orderBy: { status: "asc" },
  });
  expect(kept).toEqual(actual.map((g) => ({ status: g.status, count: g._count })));
}
