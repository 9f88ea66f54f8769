import { describe, expect, it } from "vitest";
import { PATCH } from "@/app/api/repairs/status/route";
import { db } from "@/lib/db";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// Several repairs at once (issue 17, part 5): one transaction, all or none,
// one history row each, every repair moved as a single change would move it.

withTestDatabase();

const bulk = (token: string, body: unknown) => PATCH(authed("/api/repairs/status", token, body, "PATCH"));

describe("PATCH /api/repairs/status", () => {
  it("moves every chosen repair, one history row each, with a single change's effects", async () => {
    const { api, token } = await shopSession();
    const a = await createRepair(api, {});
    const b = await createRepair(api, {});
    const already = await createRepair(api, { status: "picked_up" });
    await api.quote(b.id, { amount: 50 });
    const moved = await bulk(token, { ids: [a.id, b.id, already.id], status: "picked_up" });
    expect(moved.status).toBe(200);
    const body = await moved.json();
    expect(body.repairs.map((r: { id: string }) => r.id)).toEqual([a.id, b.id, already.id]);
    for (const repair of body.repairs) {
      expect(repair.status).toBe("picked_up");
      expect(repair.picked_up_at).not.toBeNull();
    }
    expect(await db().statusHistory.count({ where: { repairId: a.id } })).toBe(2);
    expect(await db().statusHistory.count({ where: { repairId: b.id } })).toBe(3);
    // Already there: untouched, no history row.
    expect(await db().statusHistory.count({ where: { repairId: already.id } })).toBe(1);
    expect((await (await api.get(already.id)).json()).picked_up_at).toBe(already.picked_up_at);

    const c = await createRepair(api, {});
    await api.quote(c.id, { amount: 10 });
    const approved = await (await bulk(token, { ids: [c.id], status: "approved" })).json();
    expect(approved.repairs[0]).toMatchObject({ status: "approved", quote_status: "approved" });
  });

  it("moves a hundred repairs in different states at once, each with its own effects, and keeps the counters true", async () => {
    const { api, token, owner } = await shopSession();
    const plain = await Promise.all(Array.from({ length: 60 }, () => createRepair(api, {})));
    const quoted = await Promise.all(Array.from({ length: 30 }, () => createRepair(api, {})));
    for (const repair of quoted) await api.quote(repair.id, { amount: 25 });
    const done = await Promise.all(Array.from({ length: 10 }, () => createRepair(api, { status: "picked_up" })));
    const ids = [...plain, ...quoted, ...done].map((r) => r.id);
    const response = await bulk(token, { ids, status: "denied" });
    expect(response.status).toBe(200);
    const { repairs } = await response.json();
    expect(repairs.map((r: { id: string }) => r.id)).toEqual(ids);
    const byId = new Map(repairs.map((r: { id: string }) => [r.id, r]));
    // A pending quote is declined by the move; a picked-up item loses its pickup time.
    for (const r of quoted) expect(byId.get(r.id)).toMatchObject({ status: "denied", quote_status: "denied" });
    for (const r of plain) expect(byId.get(r.id)).toMatchObject({ status: "denied", quote_status: null });
    for (const r of done) expect(byId.get(r.id)).toMatchObject({ status: "denied", picked_up_at: null });
    const history = await db().statusHistory.findMany({ where: { repairId: { in: ids }, toStatus: "denied" } });
    expect(history).toHaveLength(100);
    expect(new Set(history.map((h) => h.repairId)).size).toBe(100);
    expect(history.every((h) => h.changedById === owner.userId)).toBe(true);
    const counts = await db().repairCount.findMany({ where: { shopId: owner.shopId } });
    const total = (s: string) => counts.filter((c) => c.status === s).reduce((n, c) => n + c.count, 0);
    expect([total("denied"), total("received"), total("quoting"), total("picked_up")]).toEqual([100, 0, 0, 0]);
  });

  it("changes nothing when one id is another shop's or unknown", async () => {
    const { api, token } = await shopSession();
    const stranger = await shopSession();
    const mine = await createRepair(api, {});
    const theirs = await createRepair(stranger.api, {});
    for (const ids of [
      [mine.id, theirs.id],
      [mine.id, "00000000-0000-4000-8000-000000000000"],
      [mine.id, "nope"],
    ]) {
      const response = await bulk(token, { ids, status: "ready" });
      expect(response.status).toBe(404);
    }
    expect((await (await api.get(mine.id)).json()).status).toBe("received");
    expect((await (await stranger.api.get(theirs.id)).json()).status).toBe("received");
  });

  it.each([
    [{ ids: [], status: "ready" }, "ids"],
    [{ ids: Array.from({ length: 101 }, () => "00000000-0000-4000-8000-000000000000"), status: "ready" }, "ids"],
    [{ ids: ["00000000-0000-4000-8000-000000000000"], status: "lost" }, "status"],
    [{ status: "ready" }, "ids"],
  ])("refuses %#, naming the field", async (body, field) => {
    const { token } = await shopSession();
    const response = await bulk(token, body);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).fields)).toEqual([field]);
  });

  it("lets two bulk changes over the same repairs, in opposite orders, both finish", async () => {
    const { api, token } = await shopSession();
    const repairs = await Promise.all(Array.from({ length: 20 }, () => createRepair(api, {})));
    const ids = repairs.map((r) => r.id);
    const [first, second] = await Promise.all([
      bulk(token, { ids, status: "diagnosing" }),
      bulk(token, { ids: [...ids].reverse(), status: "in_repair" }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const final = await db().repair.findMany({ where: { id: { in: ids } }, select: { status: true } });
    expect(new Set(final.map((r) => r.status)).size).toBe(1);
  });
});
