import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { LIST_COUNT_CAP } from "@/lib/repairs/queries";
import { REPAIR_STATUSES } from "@/lib/repairs/workflow";
import { createRepair, repairInput, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

withTestDatabase();

describe("POST /api/repairs", () => {
  it("creates a repair with the spec's defaults, ignoring unknown fields and any shopId", async () => {
    const { owner, api } = await shopSession();
    const other = await shopSession();
    const response = await api.create(
      repairInput({ deadline: "31/12/2026", shopId: other.owner.shopId, bogus: 1, customer_phone: " " }),
    );
    expect(response.status).toBe(201);
    const repair = await response.json();
    expect(repair).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      item_type: "other",
      status: "received",
      customer_phone: null,
      deadline: "2026-12-31T00:00:00.000Z",
      quote_amount: null,
      quote_status: null,
      final_price: null,
      picked_up_at: null,
      photos: [],
    });
    expect(repair).not.toHaveProperty("bogus");
    expect((await db().repair.findUniqueOrThrow({ where: { id: repair.id } })).shopId).toBe(owner.shopId);
    const history = await db().statusHistory.findMany({ where: { repairId: repair.id } });
    expect(history).toMatchObject([{ fromStatus: null, toStatus: "received", changedById: owner.userId }]);
  });

  it("accepts a deadline as YYYY-MM-DD too, and answers money with two decimals", async () => {
    const { api } = await shopSession();
    const repair = await createRepair(api, { deadline: "2027-02-28", final_price: "12,5", item_type: "watch" });
    expect(repair).toMatchObject({ deadline: "2027-02-28T00:00:00.000Z", final_price: 12.5, item_type: "watch" });
  });

  it.each([
    [{ repair_number: 42 }, "repair_number", "Repair number is required"],
    [{ customer_name: "  " }, "customer_name", "Customer name is required"],
    [{ item_description: undefined }, "item_description", "Item description is required"],
    [{ item_type: "ring" }, "item_type", "Item type must be watch, jewelry or other"],
    [{ status: "lost" }, "status", "Unknown repair status"],
    [{ deadline: "31/02/2026" }, "deadline", "Deadline must be a real date in DD/MM/YYYY format"],
    [{ deadline: "next week" }, "deadline", "Deadline must be a real date in DD/MM/YYYY format"],
    [{ final_price: -1 }, "final_price", "Enter an amount of 0 or more, with at most 2 decimals"],
    [{ final_price: 1.234 }, "final_price", "Enter an amount of 0 or more, with at most 2 decimals"],
    [{ final_price: "abc" }, "final_price", "Enter an amount of 0 or more, with at most 2 decimals"],
    [{ final_price: 1e12 }, "final_price", "Enter an amount of 0 or more, with at most 2 decimals"],
    [{ notes: "x".repeat(5001) }, "notes", "This text is too long"],
  ])("refuses %j with the field's message and writes nothing", async (override, field, message) => {
    const { owner, api } = await shopSession();
    const response = await api.create(repairInput(override));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe(message);
    expect(Object.keys(body.fields)).toContain(field);
    expect(await db().repair.count({ where: { shopId: owner.shopId } })).toBe(0);
  });

  it("keeps repair numbers unique per shop, with a clear 409", async () => {
    const { api } = await shopSession();
    const other = await shopSession();
    await createRepair(api, { repair_number: "R-01012026-00001" });
    const again = await api.create(repairInput({ repair_number: "R-01012026-00001" }));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: "A repair with this number already exists",
      code: "repairNumberTaken",
    });
    expect((await other.api.create(repairInput({ repair_number: "R-01012026-00001" }))).status).toBe(201);
  });
});

/** A list row's fields (docs/api.md). */
const LIST_FIELDS = [
  "id",
  "repair_number",
  "customer_name",
  "item_type",
  "item_description",
  "brand",
  "model",
  "status",
  "deadline",
  "quote_amount",
  "quote_status",
  "quote_expires_at",
  "final_price",
  "created_at",
  // What is left to pay: the list's "due" mark.
  "paid_total",
  "balance_due",
  // Sent back with a change made from the list (If-Match).
  "version",
];

describe("GET /api/repairs", () => {
  it("lists each repair in brief, each field exactly as its detail answers it (first page, cursor page and numbered page)", async () => {
    const { api } = await shopSession();
    const full = await createRepair(api, {
      customer_phone: "+34 600 111 222",
      item_type: "watch",
      notes: "Corona fluixa",
      deadline: "2027-01-31",
      outsourced_to: "Taller Ginebra",
      final_price: 1234.5,
      status: "diagnosing",
    });
    const quote = await api.quote(full.id, { amount: 89.9, notes: "Vidre safir", expires_in_hours: 48 });
    expect(quote.status).toBe(200);
    const quoted = await quote.json();
    await createRepair(api);
    // The reads are plain SQL, the writes' answers come through Prisma: both
    // must give the same JSON, whatever the server's time zone (a `date` read
    // as local midnight would move the deadline a day).
    const zone = process.env.TZ;
    try {
      for (const tz of ["Pacific/Kiritimati", "America/Los_Angeles"]) {
        process.env.TZ = tz;
        const detail = await (await api.get(full.id)).json();
        expect(detail.photos).toEqual([]);
        delete detail.photos;
        expect(detail).toEqual(quoted);
        const first = await (await api.list("?limit=1")).json();
        const second = await (await api.list(`?limit=1&cursor=${first.pagination.nextCursor}`)).json();
        const numbered = await (await api.list("?limit=1&page=2")).json();
        // What the list's rows and cards show, the quote's expiry and the
        // creation date; the detail has the rest.
        const brief = Object.fromEntries(LIST_FIELDS.map((field) => [field, detail[field]]));
        for (const page of [second, numbered]) expect(page.repairs).toEqual([brief]);
        expect(detail).toMatchObject({
          final_price: 1234.5,
          quote_amount: 89.9,
          deadline: "2027-01-31T00:00:00.000Z",
          quote_status: "pending",
          status: "quoting",
        });
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("lists the shop's repairs newest first, in pages, with totals", async () => {
    const { owner, api } = await shopSession();
    const other = await shopSession();
    await createRepair(other.api);
    const created = [];
    for (let i = 0; i < 7; i++) created.push(await createRepair(api));
    // Ties on created_at are broken by id, so pages never overlap.
    await db().repair.updateMany({
      where: { shopId: owner.shopId },
      data: { createdAt: new Date("2026-01-01T10:00:00Z") },
    });

    const first = await (await api.list("?page=1&limit=3")).json();
    expect(first.pagination).toEqual({
      page: 1,
      limit: 3,
      total: 7,
      totalCapped: false,
      hasMore: true,
      nextCursor: expect.any(String),
    });
    const second = await (await api.list("?page=2&limit=3")).json();
    const third = await (await api.list("?page=3&limit=3")).json();
    expect(third.pagination).toMatchObject({ hasMore: false, total: 7 });
    const ids = [...first.repairs, ...second.repairs, ...third.repairs].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(7);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(new Set(ids)).toEqual(new Set(created.map((r) => r.id)));

    // Walking with the cursor gives the same pages as page numbers.
    const viaCursor = await (await api.list(`?page=2&limit=3&cursor=${first.pagination.nextCursor}`)).json();
    expect(viaCursor.repairs.map((r: { id: string }) => r.id)).toEqual(second.repairs.map((r: { id: string }) => r.id));
    const lastViaCursor = await (await api.list(`?page=3&limit=3&cursor=${viaCursor.pagination.nextCursor}`)).json();
    expect(lastViaCursor.repairs.map((r: { id: string }) => r.id)).toEqual(
      third.repairs.map((r: { id: string }) => r.id),
    );
    expect(lastViaCursor.pagination).toMatchObject({ hasMore: false, nextCursor: null });

    const all = await (await api.list()).json();
    expect(all.pagination).toMatchObject({ page: 1, limit: 50, total: 7, hasMore: false });
  });

  it("filters by statuses and keeps totals right through changes and deletes", async () => {
    const { api } = await shopSession();
    const a = await createRepair(api);
    const b = await createRepair(api, { status: "ready" });
    await createRepair(api, { status: "denied" });
    const filtered = async (statuses: string) =>
      (await (await api.list(`?statuses=${statuses}`)).json()).pagination.total;
    expect(await filtered("received,ready")).toBe(2);
    expect(await filtered("ready")).toBe(1);
    await api.status(a.id, "ready");
    expect(await filtered("ready")).toBe(2);
    expect(await filtered("received")).toBe(0);
    await api.remove(b.id);
    expect(await filtered("ready")).toBe(1);
    expect((await (await api.list()).json()).pagination.total).toBe(2);
  });

  it("refuses bad list queries clearly", async () => {
    const { api } = await shopSession();
    for (const query of [
      "?statuses=ready,lost",
      "?limit=101",
      "?limit=0",
      "?page=0",
      "?page=abc",
      "?limit=2.5",
      "?cursor=bm9wZQ",
      "?cursor=%5B%5D",
    ]) {
      const response = await api.list(query);
      expect(response.status, query).toBe(400);
      expect((await response.json()).code, query).toBe("listQueryInvalid");
    }
  });

  it("searches number, customer, phone and description: any case, any accents, % and _ literal", async () => {
    const { api } = await shopSession();
    const jose = await createRepair(api, { customer_name: "José Pérez", customer_phone: "+34 600 123 456" });
    const joieria = await createRepair(api, { customer_name: "Marta", item_description: "Anell de la Joiería Puig" });
    const percent = await createRepair(api, {
      customer_name: "Ana",
      item_description: "Descuento 50% en correa_de piel",
    });
    const numbered = await createRepair(api, { repair_number: "R-99999999-12345", customer_name: "Pere" });
    const found = async (term: string) =>
      (await (await api.list(`?search=${encodeURIComponent(term)}`)).json()).repairs.map((r: { id: string }) => r.id);
    expect(await found("jose")).toEqual([jose.id]);
    expect(await found("PÉREZ")).toEqual([jose.id]);
    expect(await found("Joieria")).toEqual([joieria.id]);
    expect(await found("600123")).toEqual([jose.id]);
    expect(await found("600 123")).toEqual([jose.id]);
    // A phone number however it was written, and however it is typed.
    const written = await createRepair(api, { customer_name: "Laia", customer_phone: "611.22.33.44" });
    for (const typed of ["611 223 344", "611223344", "+34 611 22 33 44", "(611) 22-33-44"])
      expect(await found(typed), typed).toEqual([written.id]);
    for (const typed of ["600 123 456", "600123456", "+34600123456", "+34 600 123 456"])
      expect(await found(typed), typed).toEqual([jose.id]);
    expect(await found("99999999-123")).toEqual([numbered.id]);
    expect(await found("50%")).toEqual([percent.id]);
    expect(await found("a_de")).toEqual([percent.id]);
    expect(await found("%")).toEqual([percent.id]);
    expect(await found("_")).toEqual([percent.id]);
    expect(await found("nobody at all")).toEqual([]);
    const combined = await (await api.list(`?search=jose&statuses=ready`)).json();
    expect(combined.repairs).toEqual([]);
  });
});

describe("GET /api/repairs?search= with many matches", () => {
  it("counts up to 100 and says 'more than' past it, on every page", async () => {
    const { owner, api } = await shopSession();
    const insert = (from: number, to: number, word: string) => db().$executeRaw`
      INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, search_text)
      SELECT ${owner.shopId}::uuid, ${word} || '-' || n, 'Client', 'Anell', lower(${word}) || ' client anell'
      FROM generate_series(${from}::int, ${to}::int) n`;
    await insert(1, LIST_COUNT_CAP, "Exact");
    await insert(1, LIST_COUNT_CAP + 30, "Many");
    const exact = await (await api.list("?search=exact")).json();
    expect(exact.pagination).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: false, hasMore: true });
    const many = await (await api.list("?search=many")).json();
    expect(many.pagination).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, hasMore: true });
    let cursor = many.pagination.nextCursor;
    let seen = many.repairs.length;
    while (cursor) {
      const next = await (await api.list(`?search=many&cursor=${cursor}`)).json();
      expect(next.pagination).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
      seen += next.repairs.length;
      cursor = next.pagination.nextCursor;
    }
    expect(seen).toBe(LIST_COUNT_CAP + 30);
    // A page number past the cap: never a total below what the pages hold.
    const third = await (await api.list("?search=many&page=3")).json();
    expect(third.repairs).toHaveLength(30);
    expect(third.pagination.total).toBe(LIST_COUNT_CAP + 30);
  });

  it("counts a first page that is not full from the page itself, and a full one up to the cap", async () => {
    const { owner, api } = await shopSession();
    const insert = (count: number, word: string) => db().$executeRaw`
      INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, search_text)
      SELECT ${owner.shopId}::uuid, ${word} || '-' || n, 'Client', 'Anell', lower(${word}) || ' client anell'
      FROM generate_series(1, ${count}::int) n`;
    await insert(5, "Five");
    await insert(6, "Six");
    const pagination = async (query: string) => (await (await api.list(query)).json()).pagination;
    // Five matches on pages of 5, 6 and 50: all of them on the first page.
    for (const limit of [5, 6, 50]) {
      expect(await pagination(`?search=five&limit=${limit}`)).toMatchObject({
        total: 5,
        totalCapped: false,
        hasMore: false,
      });
    }
    // Six on a page of 5: the page is full, the count says six.
    expect(await pagination("?search=six&limit=5")).toMatchObject({ total: 6, totalCapped: false, hasMore: true });
    expect(await pagination("?search=client&limit=5")).toMatchObject({ total: 11, totalCapped: false });
    expect(await pagination("?search=client&limit=11")).toMatchObject({ total: 11, hasMore: false });
    expect(await pagination("?search=nobody")).toMatchObject({ total: 0, totalCapped: false, hasMore: false });
    // A filter on top: the count is the filtered one, whether the page is full or not.
    await db()
      .$executeRaw`UPDATE repairs SET status = 'ready' WHERE shop_id = ${owner.shopId}::uuid AND repair_number IN ('Six-1', 'Six-2', 'Five-1')`;
    expect(await pagination("?search=six&statuses=ready")).toMatchObject({ total: 2, hasMore: false });
    expect(await pagination("?search=client&statuses=ready&limit=2")).toMatchObject({ total: 3, hasMore: true });
    expect(await pagination("?search=client&statuses=ready&limit=3")).toMatchObject({ total: 3, hasMore: false });
  });
});

describe("GET /api/repairs/{id}", () => {
  it("answers the repair with every field, and the customer link's two", async () => {
    const { api } = await shopSession();
    const created = await createRepair(api, { notes: "Cliente habitual", outsourced_to: "Taller Central" });
    const repair = await (await api.get(created.id)).json();
    expect(Object.keys(repair).sort()).toEqual(
      [
        "id",
        "repair_number",
        "customer_name",
        "customer_phone",
        // Where notices go (docs/customers.md, Notices).
        "customer_email",
        "item_type",
        "item_description",
        // The intake's agreement (Decret 213/2001): the work asked for and the price as agreed.
        "work_requested",
        "price_basis",
        "estimate_amount",
        "notes",
        "status",
        "deadline",
        "outsourced_to",
        "quote_amount",
        "quote_notes",
        "quote_status",
        "quote_created_at",
        "quote_expires_at",
        "final_price",
        "picked_up_at",
        "created_at",
        "updated_at",
        // The customer's side (README): the status page's language and address.
        "customer_language",
        "status_url",
        // Since when it has its status; its current or last send-out (issue 17).
        "status_since",
        "workshop_id",
        "sent_out_on",
        "expected_back_on",
        "outsource_cost",
        "outsource_tracking",
        "returned_at",
        // Counted up with every change: the ETag and If-Match (docs/api.md).
        "version",
        "photos",
        // The counter's record (docs/counter.md).
        "brand",
        "model",
        "reference",
        "serial_number",
        "calibre",
        "metal",
        "fineness",
        "stones",
        "weight_grams",
        "ring_size_from",
        "ring_size_to",
        "condition",
        "condition_notes",
        "accessories",
        "declared_value",
        "collected_by",
        "id_checked",
        // Money (docs/money.md).
        "paid_total",
        "amount_due",
        "balance_due",
        "last_payment_at",
        // After the repair (docs/aftercare.md).
        "warranty_months",
        "warranty_until",
        "warranty_of",
        "under_warranty",
        // Items left together (docs/counter.md).
        "visit_id",
        "rate_before",
        "rate_after",
        "amplitude_before",
        "amplitude_after",
        "beat_error_before",
        "beat_error_after",
        "water_test_bar",
        "water_test_result",
      ].sort(),
    );
    expect(repair).toMatchObject({ notes: "Cliente habitual", outsourced_to: "Taller Central" });
  });

  it("answers 404 'Repair not found' for a missing id, a malformed one, and another shop's", async () => {
    const { api } = await shopSession();
    const other = await shopSession();
    const theirs = await createRepair(other.api);
    for (const id of ["00000000-0000-0000-0000-000000000000", "not-a-uuid", "1; DROP TABLE repairs", theirs.id]) {
      const response = await api.get(id);
      expect(response.status, id).toBe(404);
      expect(await response.json(), id).toEqual({ error: "Repair not found", code: "repairNotFound" });
    }
  });
});

describe("PUT /api/repairs/{id}", () => {
  it("takes a partial body, keeps the rest, and refreshes the search text", async () => {
    const { api } = await shopSession();
    const created = await createRepair(api, { customer_phone: "+34 600 000 111" });
    const response = await api.update(created.id, { final_price: 149.9 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      final_price: 149.9,
      customer_phone: "+34 600 000 111",
      customer_name: "José García",
    });
    await api.update(created.id, { customer_name: "Núria Vidal", deadline: "2026-12-01T00:00:00.000Z" });
    const found = await (await api.list("?search=nuria")).json();
    expect(found.repairs.map((r: { id: string }) => r.id)).toEqual([created.id]);
    expect(found.repairs[0].deadline).toBe("2026-12-01T00:00:00.000Z");
  });

  it("changes the status with its history, and refuses a final price once picked up", async () => {
    const { api } = await shopSession();
    const created = await createRepair(api);
    await api.update(created.id, { status: "picked_up" });
    expect((await db().statusHistory.findMany({ where: { repairId: created.id } })).map((h) => h.toStatus)).toEqual([
      "received",
      "picked_up",
    ]);
    const refused = await api.update(created.id, { final_price: 10 });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "repairClosed" });
    expect((await (await api.get(created.id)).json()).final_price).toBeNull();
  });

  it("refuses a repair number already used in the shop", async () => {
    const { api } = await shopSession();
    const a = await createRepair(api);
    const b = await createRepair(api);
    const response = await api.update(b.id, { repair_number: a.repair_number });
    expect(response.status).toBe(409);
  });
});

describe("PATCH /api/repairs/{id}/status", () => {
  it("takes any of the 11 statuses, records each change, and keeps picked_up_at right", async () => {
    const { owner, api } = await shopSession();
    const created = await createRepair(api);
    for (const status of REPAIR_STATUSES) {
      const response = await api.status(created.id, status);
      expect(response.status, status).toBe(200);
      const repair = await response.json();
      expect(repair.status).toBe(status);
      expect(repair.picked_up_at === null, status).toBe(status !== "picked_up");
    }
    const history = await db().statusHistory.findMany({
      where: { repairId: created.id },
      orderBy: { changedAt: "asc" },
    });
    expect(history.map((h) => h.toStatus)).toEqual(["received", ...REPAIR_STATUSES]);
    expect(history.slice(1).map((h) => h.fromStatus)).toEqual(["received", ...REPAIR_STATUSES.slice(0, -1)]);
    expect(history.every((h) => h.changedById === owner.userId)).toBe(true);
    expect((await api.status(created.id, "done")).status).toBe(400);
  });
});

describe("PATCH /api/repairs/{id}/quote", () => {
  it("sets a pending quote that expires as asked, and moves received or diagnosing to quoting", async () => {
    const { api } = await shopSession();
    const created = await createRepair(api);
    const before = Date.now();
    const response = await api.quote(created.id, { amount: 120.5, notes: "Cambio de cristal", expires_in_hours: 48 });
    expect(response.status).toBe(200);
    const repair = await response.json();
    expect(repair).toMatchObject({
      status: "quoting",
      quote_amount: 120.5,
      quote_notes: "Cambio de cristal",
      quote_status: "pending",
    });
    const expiresIn = new Date(repair.quote_expires_at).getTime() - new Date(repair.quote_created_at).getTime();
    expect(expiresIn).toBe(48 * 3_600_000);
    expect(new Date(repair.quote_created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const history = await db().statusHistory.findMany({ where: { repairId: created.id } });
    expect(history.map((h) => h.toStatus)).toEqual(["received", "quoting"]);

    const approved = await (await api.status(created.id, "approved")).json();
    expect(approved.quote_status).toBe("approved");
  });

  it("defaults to 7 days, keeps other statuses, and marks a denial on the quote", async () => {
    const { api } = await shopSession();
    const created = await createRepair(api, { status: "in_repair" });
    const repair = await (await api.quote(created.id, { amount: "80" })).json();
    expect(repair.status).toBe("in_repair");
    expect(new Date(repair.quote_expires_at).getTime() - new Date(repair.quote_created_at).getTime()).toBe(
      7 * 24 * 3_600_000,
    );
    expect((await (await api.status(created.id, "denied")).json()).quote_status).toBe("denied");
  });

  it("reads a pending quote past its expiry as expired, in the detail and the list", async () => {
    const { api } = await shopSession();
    const created = await createRepair(api);
    await api.quote(created.id, { amount: 50 });
    await db().repair.update({ where: { id: created.id }, data: { quoteExpiresAt: new Date(Date.now() - 1000) } });
    expect((await (await api.get(created.id)).json()).quote_status).toBe("expired");
    expect((await (await api.list()).json()).repairs[0].quote_status).toBe("expired");
    // An expired quote is no longer pending: approving the repair leaves it expired.
    expect((await (await api.status(created.id, "approved")).json()).quote_status).toBe("expired");
  });

  it.each([
    [{}, "Amount is required"],
    [{ amount: -5 }, "Enter an amount of 0 or more, with at most 2 decimals"],
    [{ amount: 10, expires_in_hours: 23 }, "The quote must expire in 1 to 90 days"],
    [{ amount: 10, expires_in_hours: 2161 }, "The quote must expire in 1 to 90 days"],
    [{ amount: 10, expires_in_hours: 30.5 }, "The quote must expire in 1 to 90 days"],
  ])("refuses %j", async (body, message) => {
    const { api } = await shopSession();
    const created = await createRepair(api);
    const response = await api.quote(created.id, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(message);
  });

  it("is refused once the repair was picked up", async () => {
    const { api } = await shopSession();
    const created = await createRepair(api, { status: "picked_up" });
    const response = await api.quote(created.id, { amount: 10 });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: "This repair was picked up: its quote and final price can no longer change",
      code: "repairClosed",
    });
  });
});

describe("another shop", () => {
  it("gets exactly the 404 of a missing id on every endpoint, and changes nothing", async () => {
    const { api } = await shopSession();
    const intruder = await shopSession();
    const repair = await createRepair(api);
    const attempts = {
      get: () => intruder.api.get(repair.id),
      update: () => intruder.api.update(repair.id, { customer_name: "Hacked" }),
      status: () => intruder.api.status(repair.id, "picked_up"),
      quote: () => intruder.api.quote(repair.id, { amount: 1 }),
      remove: () => intruder.api.remove(repair.id),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const response = await attempt();
      expect(response.status, name).toBe(404);
      expect(await response.json(), name).toEqual({ error: "Repair not found", code: "repairNotFound" });
    }
    expect(await (await api.get(repair.id)).json()).toMatchObject({
      customer_name: "José García",
      status: "received",
      quote_amount: null,
    });
    expect((await (await intruder.api.list()).json()).pagination.total).toBe(0);
    expect((await (await intruder.api.list("?search=jose")).json()).repairs).toEqual([]);
  });
});

describe("DELETE /api/repairs/{id}", () => {
  it("removes the repair and its history; then it is not found", async () => {
    const { api } = await shopSession();
    const created = await createRepair(api);
    const response = await api.remove(created.id);
    expect(response.status).toBe(200);
    expect((await api.get(created.id)).status).toBe(404);
    expect(await db().statusHistory.count({ where: { repairId: created.id } })).toBe(0);
    expect((await api.remove(created.id)).status).toBe(404);
  });
});

describe("GET /api/repairs?search= with a repair's number", () => {
  it("names the one repair whose number it is, as typed or in capitals, within the shop only", async () => {
    const { api } = await shopSession();
    const other = await shopSession();
    const target = await createRepair(api, { repair_number: "R-2311-0042" });
    await createRepair(api, { repair_number: "R-2311-00421" });
    await createRepair(other.api, { repair_number: "R-2311-0099" });

    const exact = await (await api.list("?search=R-2311-0042")).json();
    expect(exact.exact_match).toBe(target.id);
    // The search itself still lists every repair containing the text.
    expect(exact.repairs).toHaveLength(2);
    expect((await (await api.list("?search=%20r-2311-0042%20")).json()).exact_match).toBe(target.id);
    expect((await (await api.list("?search=2311-004")).json()).exact_match).toBeNull();
    expect((await (await api.list("?search=R-2311-0099")).json()).exact_match).toBeNull();
    expect((await (await api.list("")).json()).exact_match).toBeNull();
  });

  it("finds a number of the shop's series (a scanned tag) as that one repair, within the list's filters", async () => {
    const { api } = await shopSession();
    const target = await createRepair(api, { repair_number: "R-27112026-00042" });
    await createRepair(api, { repair_number: "R-27112026-00043" });
    const scanned = await (await api.list("?search=r-27112026-00042")).json();
    expect(scanned.repairs.map((r: { id: string }) => r.id)).toEqual([target.id]);
    expect(scanned.exact_match).toBe(target.id);
    expect(scanned.pagination).toMatchObject({ total: 1, hasMore: false });
    // Filtered out, it is not shown; a number no repair has finds none.
    expect((await (await api.list("?search=R-27112026-00042&statuses=ready")).json()).repairs).toEqual([]);
    expect((await (await api.list("?search=R-27112026-00099")).json()).repairs).toEqual([]);
  });
});
