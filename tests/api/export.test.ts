import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { POST as exportRoute } from "@/app/api/export/excel/route";
import { PUT as putSettings } from "@/app/api/settings/route";
import { db } from "@/lib/db";
import { exportRepairs } from "@/lib/export/excel";
import { databaseTurn } from "@/lib/runtime/requests";
import { wallClockIn } from "@/lib/time-zone";
import { DEFAULT_EXPORT_FIELDS, EXPORT_FIELDS } from "@/lib/export/fields";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

withTestDatabase();

const post = (token: string, body: unknown) => exportRoute(authed("/api/export/excel", token, body));

async function readBack(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return { bytes, workbook, sheet: workbook.worksheets[0] };
}

const rowValues = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));

async function seeded() {
  const session = await shopSession();
  const { api } = session;
  const oldest = await createRepair(api, {
    customer_name: '=HYPERLINK("http://evil","click")',
    customer_phone: "+34 600 000 000",
  });
  const middle = await createRepair(api, {
    customer_name: "Núria",
    customer_email: "nuria@example.com",
    item_type: "watch",
    deadline: "15/03/2026",
    status: "ready",
    final_price: 1234.5,
  });
  const newest = await createRepair(api, {
    customer_name: "@SUM(A1)",
    item_description: "-2+3",
    status: "diagnosing",
    outsourced_to: '＝HYPERLINK("http://evil")',
  });
  await api.quote(newest.id, { amount: 99.99, notes: "=1+1" });
  // The shop is in Madrid (UTC+1 in March): its days start at 23:00 UTC the evening before.
  await db().shop.update({ where: { id: session.owner.shopId }, data: { timeZone: "Europe/Madrid" } });
  await db().repair.update({ where: { id: oldest.id }, data: { createdAt: new Date("2026-03-01T08:00:00Z") } });
  await db().repair.update({ where: { id: middle.id }, data: { createdAt: new Date("2026-03-02T22:59:59Z") } });
  // Input is trimmed, so a leading tab can only come from elsewhere (an import, a script).
  await db().repair.update({
    where: { id: newest.id },
    data: { createdAt: new Date("2026-03-02T23:00:00Z"), notes: "\tTabbed" },
  });
  const other = await shopSession();
  await createRepair(other.api, { customer_name: "Another shop's customer" });
  return { ...session, oldest, middle, newest };
}

describe("POST /api/export/excel", () => {
  it("streams an .xlsx of the shop's repairs, newest first, with real dates and money, text as typed, and no formula anywhere", async () => {
    const { token } = await seeded();
    const response = await post(token, { fields: [...EXPORT_FIELDS], startDate: null, endDate: null, statuses: null });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const today = wallClockIn(new Date(), "Europe/Madrid").toISOString().slice(0, 10);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="repairs_export_${today}.xlsx"`);

    const { bytes, sheet } = await readBack(response);
    const [header, ...rows] = rowValues(sheet);
    expect(header).toEqual([
      "Repair number",
      "Customer",
      "Phone",
      "Customer email",
      "Type",
      "Item description",
      "Work requested",
      "Price",
      "Estimate",
      "Brand",
      "Model",
      "Reference",
      "Serial number",
      "Calibre",
      "Metal",
      "Fineness",
      "Stones",
      "Weight (g)",
      "Ring size (before)",
      "Ring size (wanted)",
      "Condition at intake",
      "Condition notes",
      "Accessories",
      "Declared value",
      "Status",
      "Deadline",
      "Created",
      "Last updated",
      "Notes",
      "Outsourced to",
      "Quote",
      "Quote notes",
      "Quote status",
      "Quote created",
      "Quote expires",
      "Final price",
      "Paid",
      "Balance due",
      "Last payment",
      "Picked up on",
      "Collected by",
      "Warranty (months)",
      "Guaranteed until",
      "Under warranty",
      "Warranty return of",
      "Rate before (s/day)",
      "Rate after (s/day)",
      "Amplitude before (°)",
      "Amplitude after (°)",
      "Beat error before (ms)",
      "Beat error after (ms)",
      "Water test (bar)",
      "Water test result",
      "Sent to workshop on",
      "Expected back from workshop",
      "Back from workshop on",
      "Workshop cost",
      "Tracking number",
    ]);
    expect(rows).toHaveLength(3);
    const col = (name: string) => header.indexOf(name);
    // Text reads back exactly as typed (no apostrophe), as text cells in the Text format.
    expect(rows.map((r) => r[col("Customer")])).toEqual(["@SUM(A1)", "Núria", '=HYPERLINK("http://evil","click")']);
    expect(rows[0][col("Item description")]).toBe("-2+3");
    expect(rows[0][col("Notes")]).toBe("\tTabbed");
    expect(rows[0][col("Quote notes")]).toBe("=1+1");
    expect(rows[0][col("Outsourced to")]).toBe('＝HYPERLINK("http://evil")');
    expect(rows[2][col("Phone")]).toBe("+34 600 000 000");
    expect(rows.map((r) => r[col("Customer email")] ?? null)).toEqual([null, "nuria@example.com", null]);
    // Columns wide enough for their values: a date and time is 16 characters.
    expect(sheet.getColumn(col("Created") + 1).width).toBeGreaterThanOrEqual(18);
    for (const name of [
      "Repair number",
      "Customer",
      "Phone",
      "Item description",
      "Notes",
      "Outsourced to",
      "Quote notes",
      "Tracking number",
    ]) {
      for (const row of [2, 3, 4]) {
        const cell = sheet.getRow(row).getCell(col(name) + 1);
        expect(cell.numFmt, name).toBe("@");
        if (cell.value !== null) expect(cell.type, name).toBe(ExcelJS.ValueType.String);
      }
    }
    expect(rows[0][col("Quote")]).toBe(99.99);
    expect(rows[0][col("Quote status")]).toBe("Pending");
    expect(rows[0][col("Status")]).toBe("Quoting");
    expect(rows[1][col("Final price")]).toBe(1234.5);
    expect(rows[1][col("Type")]).toBe("Watch");
    expect(rows[1][col("Deadline")]).toEqual(new Date("2026-03-15T00:00:00Z"));
    // Instants are the shop's wall-clock time (09:00 in Madrid), as a spreadsheet shows a date's fields.
    expect(rows[2][col("Created")]).toEqual(new Date("2026-03-01T09:00:00Z"));
    expect(rows[0][col("Created")]).toEqual(new Date("2026-03-03T00:00:00Z"));
    expect(sheet.getRow(3).getCell(col("Deadline") + 1).numFmt).toBe("dd/mm/yyyy");
    expect(sheet.getRow(2).getCell(col("Quote") + 1).numFmt).toBe('#,##0.00 "€"');

    const zip = await JSZip.loadAsync(bytes);
    const sheetFiles = Object.keys(zip.files).filter(
      (name) => name.startsWith("xl/worksheets/") && name.endsWith(".xml"),
    );
    expect(sheetFiles.length).toBeGreaterThan(0);
    for (const name of sheetFiles) expect(await zip.file(name)!.async("string")).not.toMatch(/<f[\s>]/);
  });

  it("exports the 8 default fields, filtered like the list, by whole days inclusive", async () => {
    const { token, api } = await seeded();
    const response = await post(token, {
      fields: DEFAULT_EXPORT_FIELDS,
      startDate: "2026-03-01",
      endDate: "02/03/2026",
      statuses: ["received", "ready"],
    });
    const [header, ...rows] = rowValues((await readBack(response)).sheet);
    expect(header).toHaveLength(8);
    expect(rows.map((r) => r[1])).toEqual(["Núria", '=HYPERLINK("http://evil","click")']);

    const listed = await (await api.list("?statuses=received,ready")).json();
    expect(listed.repairs.map((r: { repair_number: string }) => r.repair_number)).toEqual(rows.map((r) => r[0]));
  });

  it("exports thousands of rows in batches, every matching row once and newest first, filtered by status and days", async () => {
    const { token, owner } = await shopSession();
    await db().shop.update({ where: { id: owner.shopId }, data: { timeZone: "UTC" } });
    // 7,000 repairs, one every 10 minutes from 2026-01-01 (UTC), statuses in turn: 14 of a
    // server's batches (each after the first read by one prepared statement).
    await db()
      .$executeRaw`INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, created_at)
      SELECT ${owner.shopId}::uuid, 'B-' || n, 'Client ' || n, 'Anell',
        (ARRAY['received', 'ready', 'in_progress'])[1 + n % 3]::repair_status,
        timestamptz '2026-01-01' + n * interval '10 minutes'
      FROM generate_series(1, 7000) n`;
    const numbers = async (body: Record<string, unknown>) => {
      const response = await post(token, { fields: ["repair_number"], ...body });
      expect(response.status).toBe(200);
      return rowValues((await readBack(response)).sheet)
        .slice(1)
        .map((row) => row[0]);
    };
    const expected = (keep: (n: number) => boolean) =>
      Array.from({ length: 7000 }, (_, i) => 7000 - i)
        .filter(keep)
        .map((n) => `B-${n}`);
    expect(await numbers({})).toEqual(expected(() => true));
    // Ready (n % 3 = 1) from 2026-01-10 to 2026-01-30 inclusive, in the shop's UTC: n from
    // 1,296 (9 days of 144) to 4,319.
    const ready = expected((n) => n % 3 === 1 && n >= 1296 && n <= 4319);
    expect(await numbers({ statuses: ["ready"], startDate: "2026-01-10", endDate: "30/01/2026" })).toEqual(ready);
    // Again, on another connection: the same answer.
    expect(await numbers({ statuses: ["ready"], startDate: "2026-01-10", endDate: "30/01/2026" })).toEqual(ready);
  });

  it("makes two shops' files at once, their reads taking turns, each with every row once and newest first", async () => {
    const shops = await Promise.all([shopSession(), shopSession()]);
    for (const [k, { owner }] of shops.entries())
      await db().$executeRaw`INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, created_at)
        SELECT ${owner.shopId}::uuid, ${`S${k}-`} || n, 'Client ' || n, 'Anell', timestamptz '2026-01-01' + n * interval '1 hour'
        FROM generate_series(1, 3000) n`;
    const files = await Promise.all(
      shops.map(async ({ token }) => {
        const response = await post(token, { fields: ["repair_number"] });
        expect(response.status).toBe(200);
        return rowValues((await readBack(response)).sheet)
          .slice(1)
          .map((row) => row[0]);
      }),
    );
    for (const [k, numbers] of files.entries())
      expect(numbers).toEqual(Array.from({ length: 3000 }, (_, i) => `S${k}-${3000 - i}`));
    // Neither thread kept the turn.
    expect(Atomics.load(databaseTurn(), 0)).toBe(0);
  });

  it("reads days and writes times in the shop's time zone, around midnight and across the change to summer time", async () => {
    const { api, token, owner } = await shopSession();
    await db().shop.update({ where: { id: owner.shopId }, data: { timeZone: "Europe/Madrid" } });
    // Madrid moves from UTC+1 to UTC+2 at 01:00 UTC on Sunday 29 March 2026.
    const at = {
      "R-SAT": "2026-03-28T22:59:00Z", // 23:59 on the 28th in Madrid
      "R-SUN-EARLY": "2026-03-28T23:30:00Z", // 00:30 on the 29th (UTC+1)
      "R-SUN-LATE": "2026-03-29T21:59:00Z", // 23:59 on the 29th (UTC+2)
      "R-MON": "2026-03-29T22:30:00Z", // 00:30 on the 30th (UTC+2)
    };
    for (const [number, createdAt] of Object.entries(at)) {
      const repair = await createRepair(api, { repair_number: number });
      await db().repair.update({
        where: { id: repair.id },
        data: { createdAt: new Date(createdAt), pickedUpAt: new Date(createdAt) },
      });
    }
    const response = await post(token, {
      fields: ["repair_number", "created_at", "picked_up_at"],
      startDate: "29/03/2026",
      endDate: "29/03/2026",
    });
    const [, ...rows] = rowValues((await readBack(response)).sheet);
    expect(rows).toEqual([
      ["R-SUN-LATE", new Date("2026-03-29T23:59:00Z"), new Date("2026-03-29T23:59:00Z")],
      ["R-SUN-EARLY", new Date("2026-03-29T00:30:00Z"), new Date("2026-03-29T00:30:00Z")],
    ]);
    const list = await (await api.list()).json();
    expect(list.repairs).toHaveLength(4);
  });

  it("says there is nothing to export instead of handing over an empty file, and frees its turn", async () => {
    const { token } = await seeded();
    const response = await post(token, { fields: ["repair_number"], startDate: "2020-01-01", endDate: "2020-01-31" });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      code: "exportEmpty",
      error: "No repairs match these dates and statuses: there is nothing to export.",
    });
    expect((await post(token, { fields: ["repair_number"] })).status).toBe(200);
  });

  it("writes the header and the values in the user's language", async () => {
    const { token } = await seeded();
    await putSettings(authed("/api/settings", token, { language: "ca" }, "PUT"));
    const [header, newest] = rowValues(
      (await readBack(await post(token, { fields: ["repair_number", "status", "item_type", "quote_status"] }))).sheet,
    );
    expect(header).toEqual(["Número de reparació", "Estat", "Tipus", "Estat del pressupost"]);
    expect(newest.slice(1)).toEqual(["En pressupost", "Altre", "Pendent"]);
  });

  it("shows an expired quote as expired", async () => {
    const { token, newest } = await seeded();
    await db().repair.update({ where: { id: newest.id }, data: { quoteExpiresAt: new Date(Date.now() - 1000) } });
    const [, first] = rowValues((await readBack(await post(token, { fields: ["quote_status"] }))).sheet);
    expect(first).toEqual(["Expired"]);
  });

  it("continues on a new sheet past the per-sheet row limit", async () => {
    const { owner } = await seeded();
    const { body } = await exportRepairs(
      db(),
      owner.shopId,
      { language: "en", timeZone: "Europe/Madrid" },
      { fields: ["customer_name"] },
      2,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await new Response(body).arrayBuffer()) as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Repairs", "Repairs (2)"]);
    expect(rowValues(workbook.worksheets[0])).toHaveLength(3);
    expect(rowValues(workbook.worksheets[1])).toEqual([["Customer"], ['=HYPERLINK("http://evil","click")']]);
  });

  it.each([
    [{ fields: [] }, "Please select at least one field to export"],
    [{}, "Please select at least one field to export"],
    [{ fields: ["password_hash"] }, "Unknown field in the export"],
    [{ fields: ["status"], startDate: "2026-02-30" }, "Dates must be real dates (YYYY-MM-DD or DD/MM/YYYY)"],
    [
      { fields: ["status"], startDate: "2026-03-05", endDate: "2026-03-01" },
      "The start date must not be after the end date",
    ],
    [{ fields: ["status"], statuses: ["lost"] }, "Unknown repair status"],
  ])("refuses %j with a clear message", async (body, message) => {
    const { token } = await shopSession();
    const response = await post(token, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(message);
  });
});
