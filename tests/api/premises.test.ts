import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { GET as premisesRoute } from "@/app/api/repairs/premises/route";
import { GET as queuesRoute } from "@/app/api/repairs/queues/route";
import { PUT as settingsRoute } from "@/app/api/settings/route";
import { db } from "@/lib/db";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// Goods on the premises (docs/counter.md): what the shop holds for its
// customers now, with the declared values and their total, for the insurer.

withTestDatabase();

const premises = (token: string, query = "") => premisesRoute(authed(`/api/repairs/premises${query}`, token));

async function seeded() {
  const session = await shopSession();
  const { api } = session;
  const watch = await createRepair(api, {
    item_type: "watch",
    brand: "Omega",
    serial_number: "SN-1",
    declared_value: "1250,50",
  });
  const ring = await createRepair(api, {
    item_type: "jewelry",
    status: "ready",
    declared_value: 900,
    metal: "Or blanc",
    fineness: "750",
    weight_grams: "3,47",
  });
  const nothing = await createRepair(api, { status: "denied" });
  const out = await createRepair(api, { status: "outsourced", outsourced_to: "Taller Puig", declared_value: 300 });
  // Not held: collected, or not arrived yet.
  await createRepair(api, { status: "picked_up", declared_value: 5000 });
  await createRepair(api, { status: "sent", declared_value: 7000 });
  // Another shop's goods are its own.
  await createRepair((await shopSession()).api, { declared_value: 9999 });
  return { ...session, watch, ring, nothing, out };
}

describe("GET /api/repairs/premises", () => {
  it("lists what the shop holds, oldest first, and what is at workshops apart, with their declared totals", async () => {
    const { token, watch, ring, nothing, out } = await seeded();
    const goods = await (await premises(token)).json();
    expect(goods.held.map((i: { id: string }) => i.id)).toEqual([watch.id, ring.id, nothing.id]);
    expect(goods.held[0]).toMatchObject({ brand: "Omega", serial_number: "SN-1", declared_value: 1250.5 });
    expect(goods.held[1]).toMatchObject({ metal: "Or blanc", fineness: "750", weight_grams: 3.47 });
    expect(goods.at_workshops.map((i: { id: string; outsourced_to: string }) => [i.id, i.outsourced_to])).toEqual([
      [out.id, "Taller Puig"],
    ]);
    expect(goods.totals).toEqual({
      held: { count: 3, declared_total: 2150.5, undeclared: 1 },
      at_workshops: { count: 1, declared_total: 300, undeclared: 0 },
    });
    // The dashboard's line counts both.
    const queues = await (await queuesRoute(authed("/api/repairs/queues", token))).json();
    expect(queues.goods).toEqual({ count: 4, declared_total: 2450.5, undeclared: 1 });
  });

  it("gives the same as a spreadsheet in the reader's language, with a total under each part", async () => {
    const { token, watch } = await seeded();
    await settingsRoute(authed("/api/settings", token, { language: "es" }, "PUT"));
    const response = await premises(token, "?format=xlsx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="goods_on_premises_\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual([
      "Número de reparación",
      "Cliente",
      "Tipo",
      "Descripción del artículo",
      "Marca",
      "Modelo",
      "Número de serie",
      "Metal",
      "Ley",
      "Peso (g)",
      "Estado",
      "Dónde",
      "Creado",
      "Valor declarado",
    ]);
    expect(values[1][0]).toBe(watch.repair_number);
    expect(values[1][13]).toBe(1250.5);
    expect(values[1][11]).toBe("En la tienda");
    // A jewel's metal, fineness and weight, the weight a number.
    expect(values[2].slice(7, 10)).toEqual(["Or blanc", "750", 3.47]);
    expect(values[4]).toEqual(expect.arrayContaining(["Total en la tienda", 2150.5]));
    expect(values[5]).toEqual(expect.arrayContaining(["Taller Puig", 300]));
    expect(values[6]).toEqual(expect.arrayContaining(["Total en talleres", 300]));
    expect(sheet.getRow(2).getCell(14).numFmt).toBe('#,##0.00 "€"');
  });

  it("keeps its totals true through every change, without reading the repairs, and lists them 100 at a time", async () => {
    const { token, api, owner, watch, ring, out } = await seeded();
    const recount = async () => {
      const [held] = await db().$queryRaw<{ count: number; declared: string | null; undeclared: number }[]>`
        SELECT count(*)::int AS count, sum(declared_value)::text AS declared,
          count(*) FILTER (WHERE declared_value IS NULL)::int AS undeclared
        FROM repairs WHERE shop_id = ${owner.shopId}::uuid AND status NOT IN ('sent', 'picked_up', 'outsourced')`;
      return { count: held.count, declared_total: Number(held.declared ?? 0), undeclared: held.undeclared };
    };
    const totals = async () => (await (await premises(token)).json()).totals.held;
    expect(await totals()).toEqual(await recount());
    // A value changed, cleared, an item collected, one brought back from the workshop.
    expect((await api.update(watch.id, { declared_value: "1000,25" })).status).toBe(200);
    expect((await api.update(ring.id, { declared_value: null })).status).toBe(200);
    expect((await api.status(out.id, "in_repair")).status).toBe(200);
    expect(await totals()).toEqual(await recount());
    expect(await totals()).toEqual({ count: 4, declared_total: 1300.25, undeclared: 2 });
    expect((await api.status(watch.id, "picked_up")).status).toBe(200);
    expect(await totals()).toEqual({ count: 3, declared_total: 300, undeclared: 2 });

    // 230 more held items, made at once: the first page is the oldest 100, and the cursors walk them all once.
    await db().$executeRaw`
      INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, declared_value, created_at, search_text)
      SELECT ${owner.shopId}::uuid, 'P-' || n, 'Client ' || n, 'Anell', 'received', 10, now() - interval '1 day' + n * interval '1 second', 'p'
      FROM generate_series(1, 230) n`;
    expect(await totals()).toEqual({ count: 233, declared_total: 2600, undeclared: 2 });
    const first = await (await premises(token)).json();
    expect(first.held).toHaveLength(100);
    expect(first.held[0].repair_number).toBe("P-1");
    const seen: string[] = first.held.map((i: { repair_number: string }) => i.repair_number);
    for (let after = first.next.held; after;) {
      const page = await (await premises(token, `?list=held&after=${encodeURIComponent(after)}`)).json();
      seen.push(...page.held.map((i: { repair_number: string }) => i.repair_number));
      after = page.next;
    }
    expect(seen).toHaveLength(233);
    expect(new Set(seen).size).toBe(233);
    expect(first.next.at_workshops).toBeNull();
    const bad = await premises(token, "?list=held&after=nonsense");
    expect(bad.status).toBe(400);

    // The spreadsheet holds every one, and the totals.
    const file = await premises(token, "?format=xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0].getSheetValues().slice(2);
    expect(rows).toHaveLength(233 + 1 + 1);
    expect((rows[233] as unknown[]).slice(1)).toEqual(expect.arrayContaining(["Total in the shop", 2600]));
  });
});
