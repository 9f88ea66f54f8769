import { describe, expect, it } from "vitest";
import { db, rows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { selectRepairColumns } from "@/lib/repairs/columns";
import { LIST_COLUMNS, listRepairJson, type ListFields } from "@/lib/repairs/serialize";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// GET /repairs has Postgres write each row's JSON (listRepairJsonSql); the
// detail and every write's answer are written by listRepairJson. A list row
// must be the very text listRepairJson gives for the same repair: money,
// days, instants, a pending quote past its expiry, and
// text that JSON has to escape.

withTestDatabase();

describe("GET /api/repairs: each row as Postgres writes it", () => {
  it("is the text listRepairJson writes for the same repair, whatever its values", async () => {
    const { api, owner } = await shopSession();
    const plain = await createRepair(api, { customer_name: "Núria Puig" });
    const quoted = await createRepair(api, {
      customer_name: 'Joan "el Rellotger" \\ Vidal\ttab',
      item_description: "Rellotge 🕰️ amb línia\nnova i \u0001 control, 'cometes' i </script>",
      deadline: "2026-12-31",
    });
    const priced = await createRepair(api, { customer_name: "Emma Smith", item_type: "jewelry" });
    const expired = await createRepair(api, { customer_name: "Carlos López", item_type: "other" });
    const future = await createRepair(api, { customer_name: "Anna Font" });
    const moneyCases: Array<[string, string | null, string | null]> = [
      [plain.id, null, null],
      [quoted.id, "90.50", "0.05"],
      [priced.id, "99999999.99", "1234.10"],
      [expired.id, "12.00", null],
      [future.id, "0.10", "100.00"],
    ];
    for (const [id, quote, price] of moneyCases)
      await db()
        .$executeRaw`UPDATE repairs SET quote_amount = ${quote}::numeric, final_price = ${price}::numeric WHERE id = ${id}::uuid`;
    // Quotes: one pending past its expiry (reads "expired"), one pending ahead, one approved past it.
    await db().$executeRaw`UPDATE repairs SET quote_status = 'pending', quote_created_at = now() - interval '8 days',
      quote_expires_at = now() - interval '1 day' WHERE id = ${expired.id}::uuid`;
    await db().$executeRaw`UPDATE repairs SET quote_status = 'pending', quote_created_at = now(),
      quote_expires_at = now() + interval '6 days' WHERE id = ${future.id}::uuid`;
    await db().$executeRaw`UPDATE repairs SET quote_status = 'approved', quote_created_at = now() - interval '9 days',
      quote_expires_at = now() - interval '2 days' WHERE id = ${priced.id}::uuid`;
    // An instant written by SQL, not by the app (the columns keep milliseconds: .6789 is kept as .679).
    await db().$executeRaw`UPDATE repairs SET created_at = '2026-01-02 03:04:05.6789+00' WHERE id = ${plain.id}::uuid`;

    const expected = async (where: Prisma.Sql, now = new Date()) => {
      const found = await rows<ListFields>(
        db(),
        Prisma.sql`SELECT ${selectRepairColumns(LIST_COLUMNS)} FROM repairs WHERE shop_id = ${owner.shopId}::uuid AND ${where}
          ORDER BY created_at DESC, id DESC`,
      );
      return JSON.stringify(found.map((row) => listRepairJson(row, now)));
    };
    /** The answer's text begins with `prefix` (a diff of the two where it does not). */
    const expectBegins = (text: string, prefix: string) => expect(text.slice(0, prefix.length)).toBe(prefix);
    const text = await (await api.list()).text();
    expectBegins(text, `{"repairs":${await expected(Prisma.sql`true`)},"exact_match":null,`);
    const page = JSON.parse(text);
    expect(page.repairs).toHaveLength(5);
    const byId = Object.fromEntries(page.repairs.map((r: { id: string }) => [r.id, r]));
    expect(byId[expired.id]).toMatchObject({ quote_status: "expired", quote_amount: 12 });
    expect(byId[future.id]).toMatchObject({ quote_status: "pending", quote_amount: 0.1, final_price: 100 });
    expect(byId[priced.id]).toMatchObject({ quote_status: "approved", quote_amount: 99999999.99, final_price: 1234.1 });
    expect(byId[quoted.id]).toMatchObject({
      customer_name: 'Joan "el Rellotger" \\ Vidal\ttab',
      deadline: "2026-12-31T00:00:00.000Z",
      quote_amount: 90.5,
      final_price: 0.05,
    });
    expect(byId[plain.id]).toMatchObject({
      created_at: "2026-01-02T03:04:05.679Z",
      quote_amount: null,
      deadline: null,
    });

    // Each of the list's statements: a status filter, a cursor's page, a name, a substring, a queue.
    const all = (await expected(Prisma.sql`true`)).slice(1, -1);
    const rowsOf = (...ids: string[]) =>
      `[${ids.map((id) => all.split(/,(?=\{"id":)/).find((row) => row.startsWith(`{"id":"${id}"`))).join(",")}]`;
    const begins = async (query: string, ids: string[]) =>
      expectBegins(await (await api.list(query)).text(), `{"repairs":${rowsOf(...ids)},`);
    await begins("?limit=2", [future.id, expired.id]);
    const cursor = JSON.parse(await (await api.list("?limit=2")).text()).pagination.nextCursor;
    await begins(`?limit=2&cursor=${cursor}`, [priced.id, quoted.id]);
    await begins("?statuses=received&page=2&limit=3", [quoted.id, plain.id]);
    await begins(`?search=${encodeURIComponent('Joan "el')}`, [quoted.id]);
    await begins("?search=emma%20smith", [priced.id]);
    await begins("?search=ll", [quoted.id]);
    await begins("?sort=deadline&limit=1", [quoted.id]);
    await begins("?queue=quote_expired", [expired.id]);
    await begins("?queue=quote_waiting", [future.id]);
  });
});
