import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

withTestDatabase();

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
    const kept = await db().repairCount.findMany({
      where: { shopId: owner.shopId, count: { not: 0 } },
      select: { status: true, count: true },
      orderBy: { status: "asc" },
    });
    const actual = await db().repair.groupBy({
      by: ["status"],
      where: { shopId: owner.shopId },
      _count: true,
      orderBy: { status: "asc" },
    });
    expect(kept).toEqual(actual.map((g) => ({ status: g.status, count: g._count })));
  });
});
