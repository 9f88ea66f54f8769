import { describe, expect, it } from "vitest";
import { GET as queuesRoute } from "@/app/api/repairs/queues/route";
import { PUT as putShop } from "@/app/api/shop/route";
import { db } from "@/lib/db";
import { dayIn } from "@/lib/time-zone";
import { Prisma } from "@/lib/generated/prisma/client";
import { queueCondition } from "@/lib/repairs/queues";
import { QUEUE_COUNT_CAP, QUEUES, type Queue } from "@/lib/repairs/workflow";
import { authed } from "../helpers/auth";
import { planOf } from "../helpers/plan";
import { createRepair, shopSession, type RepairsClient } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// The work queues (issue 17, part 3): the dashboard's counts, the list's
// filters of the same name, and the list sorted by deadline with its cursor.

withTestDatabase();

const queues = async (token: string) => (await queuesRoute(authed("/api/repairs/queues", token))).json();
const day = (days: number, zone: string) => dayIn(new Date(Date.now() + days * 86_400_000), zone);
const names = async (api: RepairsClient, query: string) =>
  ((await (await api.list(query)).json()).repairs as { customer_name: string }[]).map((r) => r.customer_name);
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);

describe("GET /api/repairs/queues and the list's queue filters", () => {
  it("counts each queue in the shop's time zone and lists the same repairs", async () => {
    const { token, api, owner } = await shopSession();
    const other = await shopSession();
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) never share a date: Pago Pago's
    // today is Kiritimati's yesterday, so a deadline on it is overdue here only.
    const zone = "Pacific/Kiritimati";
    await db().shop.update({ where: { id: owner.shopId }, data: { timeZone: zone } });
    const pagoToday = day(0, "Pacific/Pago_Pago");
    await createRepair(api, { customer_name: "Late", deadline: pagoToday, status: "in_repair" });
    await createRepair(api, { customer_name: "Due today", deadline: day(0, zone) });
    await createRepair(api, { customer_name: "Late but ready", deadline: pagoToday, status: "ready" });
    await createRepair(api, { customer_name: "Late but denied", deadline: day(-5, zone), status: "denied" });
    await createRepair(other.api, { customer_name: "Not ours", deadline: day(-5, zone) });

    const waiting = await createRepair(api, { customer_name: "Ready long ago", status: "ready" });
    await createRepair(api, { customer_name: "Ready just now", status: "ready" });
    await db().repair.update({ where: { id: waiting.id }, data: { statusSince: hoursFromNow(-8 * 24) } });

    const quoted = async (name: string, expiresInHours: number, status = "quoting") => {
      const repair = await createRepair(api, { customer_name: name, status });
      await api.quote(repair.id, { amount: 10 });
      await db().repair.update({ where: { id: repair.id }, data: { quoteExpiresAt: hoursFromNow(expiresInHours) } });
    };
    await quoted("Quote in a week", 7 * 24);
    await quoted("Quote tomorrow", 20);
    await quoted("Quote expired", -1);
    await quoted("Expired but picked up", -1, "ready");
    const pickedUp = (await (await api.list("?search=Expired%20but")).json()).repairs[0];
    await api.status(pickedUp.id, "picked_up");

    const counts = await queues(token);
    expect(counts.queues).toEqual({
      overdue: { count: 1, capped: false },
      ready_waiting: { count: 1, capped: false },
      quote_waiting: { count: 2, capped: false },
      quote_expiring: { count: 1, capped: false },
      quote_expired: { count: 1, capped: false },
      approved_to_start: { count: 0, capped: false },
      workshop_overdue: { count: 0, capped: false },
      // Picked up with nothing due (no final price, the quote never approved).
      unpaid: { count: 0, capped: false },
      warranty_returns: { count: 0, capped: false },
    });
    expect(counts.ready_waiting_days).toBe(7);
    expect(counts.statuses).toMatchObject({ in_repair: 1, received: 1, ready: 3, denied: 1, picked_up: 1, quoting: 3 });

    expect(await names(api, "?queue=overdue")).toEqual(["Late"]);
    expect(await names(api, "?queue=ready_waiting")).toEqual(["Ready long ago"]);
    expect(await names(api, "?queue=quote_waiting")).toEqual(["Quote tomorrow", "Quote in a week"]);
    expect(await names(api, "?queue=quote_expiring")).toEqual(["Quote tomorrow"]);
    expect(await names(api, "?queue=quote_expired")).toEqual(["Quote expired"]);
    const filtered = await (await api.list("?queue=quote_waiting")).json();
    expect(filtered.pagination).toMatchObject({ total: 2, totalCapped: false, hasMore: false });
    expect((await api.list("?queue=everything")).status).toBe(400);

    // The shop's own days: at 10, eight days of waiting is not yet too long.
    const saved = await putShop(authed("/api/shop", token, { ready_waiting_days: 10 }, "PUT"));
    expect((await saved.json()).ready_waiting_days).toBe(10);
    expect((await queues(token)).queues.ready_waiting.count).toBe(0);
    const refused = await putShop(authed("/api/shop", token, { ready_waiting_days: 0 }, "PUT"));
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields).toEqual({ ready_waiting_days: "readyDaysInvalid" });

    // The other shop counts its own only.
    expect((await queues(other.token)).queues.overdue.count).toBe(1);
  });

  it("lists as unpaid the collected repairs with a balance left, as every screen computes it", async () => {
    const { token, api } = await shopSession();
    // What is due: the final price, else the approved quote; less what was paid.
    const cases: [
      string,
      { finalPrice?: number; quoteAmount?: number; quoteStatus?: "approved" | "pending" },
      number,
    ][] = [
      ["Part paid", { finalPrice: 100 }, 40],
      ["All paid", { finalPrice: 100 }, 100],
      ["Approved quote", { quoteAmount: 50, quoteStatus: "approved" }, 0],
      ["Pending quote", { quoteAmount: 50, quoteStatus: "pending" }, 0],
      ["Free", { finalPrice: 0 }, 0],
      ["Price under the quote", { finalPrice: 80, quoteAmount: 200, quoteStatus: "approved" }, 90],
      ["Nothing said", {}, 0],
    ];
    const balances = new Map<string, number>();
    for (const [name, price, paid] of cases) {
      const repair = await createRepair(api, { customer_name: name, status: "picked_up", collected_by: name });
      await db().repair.update({ where: { id: repair.id }, data: { ...price, paidTotal: paid } });
      balances.set(name, (await (await api.get(repair.id)).json()).balance_due);
    }
    const shown = [...balances].filter(([, balance]) => balance > 0).map(([name]) => name);
    expect(shown.sort()).toEqual(["Approved quote", "Part paid"]);
    expect((await names(api, "?queue=unpaid")).sort()).toEqual(shown);
    expect((await queues(token)).queues.unpaid).toEqual({ count: 2, capped: false });
  });

  it("stops counting at the cap and says so", async () => {
    const { token, owner } = await shopSession();
    await db().$executeRaw`
      INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, deadline)
      SELECT ${owner.shopId}::uuid, 'BULK-' || n, 'Bulk', 'Ring', 'received', DATE '2020-01-01'
      FROM generate_series(1, ${QUEUE_COUNT_CAP + 5}) n`;
    const counts = await queues(token);
    expect(counts.queues.overdue).toEqual({ count: QUEUE_COUNT_CAP, capped: true });
    expect(counts.statuses.received).toBe(QUEUE_COUNT_CAP + 5);
  });

  it("sorts by deadline, soonest first and none last, page after page by its own cursor", async () => {
    const { api } = await shopSession();
    const deadlines = ["10/05/2026", null, "01/05/2026", "10/05/2026", "20/04/2026", null, "01/05/2026"];
    for (const [i, deadline] of deadlines.entries())
      await createRepair(api, { customer_name: `C${i}`, ...(deadline ? { deadline } : {}) });
    const seen: { customer_name: string; deadline: string | null; id: string }[] = [];
    let cursor = "";
    for (let pages = 0; pages < 10; pages++) {
      const answer = await (await api.list(`?sort=deadline&limit=2${cursor && `&cursor=${cursor}`}`)).json();
      seen.push(...answer.repairs);
      expect(answer.pagination.total).toBe(7);
      if (!answer.pagination.hasMore) break;
      cursor = answer.pagination.nextCursor;
    }
    expect(seen).toHaveLength(7);
    const days = seen.map((r) => r.deadline?.slice(0, 10) ?? null);
    expect(days).toEqual(["2026-04-20", "2026-05-01", "2026-05-01", "2026-05-10", "2026-05-10", null, null]);
    // Equal deadlines in id order, so no row is skipped or repeated between pages.
    expect(new Set(seen.map((r) => r.id)).size).toBe(7);
    expect(seen[1].id < seen[2].id).toBe(true);
    expect(seen[5].id < seen[6].id).toBe(true);

    // A page number works as well as the cursor; a newest-first cursor is refused here.
    const second = await (await api.list("?sort=deadline&limit=2&page=2")).json();
    expect(second.repairs.map((r: { id: string }) => r.id)).toEqual(seen.slice(2, 4).map((r) => r.id));
    const newest = await (await api.list("?limit=2")).json();
    expect((await api.list(`?sort=deadline&cursor=${newest.pagination.nextCursor}`)).status).toBe(400);
    expect((await api.list("?sort=priority")).status).toBe(400);
  });

  it("counts every queue from its own index alone, though the repairs view leaves archived repairs out", async () => {
    // Each queue's index holds the view's condition in its predicate: it is never checked row by row
    // (at 1,000,000 repairs every count is an index-only scan; docs/performance.md).
    const { owner } = await shopSession();
    const now = new Date();
    for (const queue of QUEUES) {
      const text = await planOf(
        Prisma.sql`SELECT 1 FROM repairs WHERE shop_id = ${owner.shopId}::uuid AND ${queueCondition(queue, owner.shopId, now)} LIMIT 1001`,
        ["seqscan", "bitmapscan"],
      );
      expect(text, queue).toMatch(/Index (Only )?Scan using repairs_\w+ on repair_records/);
      expect(text, queue).not.toContain("deleted_at IS NULL");
    }
  });

  it("reads a page of waiting or expired quotes newest first from the open quotes' own index, sorting none", async () => {
    // Measured at 60,000 open quotes: a page sorted them all (20 ms), where
    // this index gives the newest 51. The queues'
    // conditions must keep matching its predicate for the planner to use it.
    const { owner } = await shopSession();
    const now = new Date();
    for (const queue of ["quote_waiting", "quote_expired"] satisfies Queue[]) {
      const text = await planOf(
        Prisma.sql`SELECT id FROM repairs WHERE shop_id = ${owner.shopId}::uuid
          AND ${queueCondition(queue, owner.shopId, now)} ORDER BY created_at DESC, id DESC LIMIT 51`,
        ["seqscan", "bitmapscan", "sort"],
      );
      expect(text, queue).toContain("Index Only Scan using repairs_quote_open_created_idx");
      expect(text, queue).not.toContain("Sort");
    }
  });
});
