import pg from "pg";
import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { env } from "@/lib/env";
import { inShopTurn, shopShare } from "@/lib/http/shop-turns";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// No shop's requests can take every database connection of the process: the
// other shops and the health check are served while one shop's requests are
// stuck (lib/http/shop-turns.ts).

const database = withTestDatabase();

describe("one shop's requests at once", () => {
  // On a database server (the embedded one is a single session: a lock held elsewhere stops it all).
  it.runIf(process.env.TEST_DB_MODE === "server")(
    "leave connections for the other shops and the health check while they wait on a lock",
    async () => {
      const stuck = await shopSession();
      const other = await shopSession();
      const repair = await createRepair(stuck.api);
      await createRepair(other.api, { customer_name: "Marta Soler" });
      // Another session holds the repair's row: every status change of it waits, holding a connection.
      const holder = new pg.Client({ connectionString: database.url() });
      await holder.connect();
      await holder.query("BEGIN");
      await holder.query("SELECT id FROM repair_records WHERE id = $1 FOR UPDATE", [repair.id]);
      let settled = 0;
      const waiting = Array.from({ length: env().DB_POOL_MAX + 4 }, () =>
        stuck.api.status(repair.id, "in_progress").finally(() => settled++),
      );
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const started = performance.now();
        const list = await other.api.list();
        expect(list.status).toBe(200);
        expect((await list.json()).repairs).toHaveLength(1);
        expect((await health()).status).toBe(200);
        // Answered at once, while every one of the stuck shop's changes still waits.
        expect(performance.now() - started).toBeLessThan(1_500);
        expect(settled).toBe(0);
      } finally {
        await holder.query("ROLLBACK");
        await holder.end();
      }
      const answers = await Promise.all(waiting);
      // Once the row is free they are served in turn: the first moves it, the others were made on its old version.
      expect(answers.map((answer) => answer.status).sort()).toEqual([
        200,
        ...Array.from({ length: env().DB_POOL_MAX + 3 }, () => 200),
      ]);
    },
  );

  it("serves a shop's requests beyond its share in order, and answers busy past the longest wait", async () => {
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const work = (n: number) => () =>
      new Promise<number>((resolve) => {
        order.push(n);
        gates.push(() => resolve(n));
      });
    const share = shopShare(4);
    expect(share).toBe(2);
    const running = [1, 2, 3, 4].map((n) => inShopTurn("shop-a", work(n), share, 60_000));
    // Its answer is taken at once: it comes while the test waits below.
    const late = inShopTurn("shop-a", work(5), share, 50).catch((error: unknown) => error);
    const elsewhere = inShopTurn("shop-b", work(6), share, 50);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Two of the shop's at once; the other shop's at once too.
    expect(order).toEqual([1, 2, 6]);
    expect(await late).toMatchObject({ code: "busy" });
    gates.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([1, 2, 6, 3]);
    while (gates.length) {
      gates.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await Promise.all([...running, elsewhere])).toEqual([1, 2, 3, 4, 6]);
    expect(order).toEqual([1, 2, 6, 3, 4]);
  });
});
