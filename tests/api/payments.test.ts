import { describe, expect, it } from "vitest";
import { GET as historyRoute } from "@/app/api/repairs/[id]/history/route";
import { GET as listPaymentsRoute, POST as payRoute } from "@/app/api/repairs/[id]/payments/route";
import { POST as voidRoute } from "@/app/api/repairs/[id]/payments/[paymentId]/void/route";
import { GET as takingsRoute } from "@/app/api/payments/route";
import { GET as queuesRoute } from "@/app/api/repairs/queues/route";
import { PUT as settingsRoute } from "@/app/api/settings/route";
import { db } from "@/lib/db";
import ExcelJS from "exceljs";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// Money at the counter (docs/money.md): deposits, payments and refunds, what
// is due, voids, and the day's takings.

withTestDatabase();

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
const pay = (token: string, id: string, body: unknown) =>
  payRoute(authed(`/api/repairs/${id}/payments`, token, body), ctx({ id }));
const paymentsOf = async (token: string, id: string) =>
  (await listPaymentsRoute(authed(`/api/repairs/${id}/payments`, token), ctx({ id }))).json();
const voidIt = (token: string, id: string, paymentId: string, reason: unknown) =>
  voidRoute(authed(`/api/repairs/${id}/payments/${paymentId}/void`, token, { reason }), ctx({ id, paymentId }));
const takings = async (token: string, query: string) =>
  (await takingsRoute(authed(`/api/payments?${query}`, token))).json();

describe("payments of a repair", () => {
  it("leaves 70 due of a final price of 120 after a deposit of 50, and says so in every repair's JSON", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api, { final_price: 120 });
    const response = await pay(token, repair.id, { kind: "deposit", amount: 50, method: "cash", note: " Señal " });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      kind: "deposit",
      amount: 50,
      method: "cash",
      note: "Señal",
      created_by: expect.any(String),
      voided_at: null,
    });
    expect(await paymentsOf(token, repair.id)).toMatchObject({ paid_total: 50, amount_due: 120, balance_due: 70 });
    expect(await (await api.get(repair.id)).json()).toMatchObject({
      paid_total: 50,
      amount_due: 120,
      balance_due: 70,
      last_payment_at: expect.any(String),
    });
    const [listed] = (await (await api.list()).json()).repairs;
    expect(listed).toMatchObject({ paid_total: 50, balance_due: 70 });
  });

  it("takes the approved quote as what is due until a final price is set", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api);
    await api.quote(repair.id, { amount: 80 });
    expect(await paymentsOf(token, repair.id)).toMatchObject({ amount_due: null, balance_due: 0 });
    await api.status(repair.id, "approved");
    await pay(token, repair.id, { kind: "deposit", amount: 40, method: "bizum" });
    expect(await paymentsOf(token, repair.id)).toMatchObject({ amount_due: 80, balance_due: 40 });
    await api.update(repair.id, { final_price: 95 });
    expect(await paymentsOf(token, repair.id)).toMatchObject({ amount_due: 95, balance_due: 55 });
  });

  it("refuses a refund above what was paid and not refunded, and gives back up to it", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api);
    await pay(token, repair.id, { kind: "deposit", amount: 30, method: "card" });
    const refused = await pay(token, repair.id, { kind: "refund", amount: 30.01, method: "card" });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "refundTooLarge", fields: { amount: "refundTooLarge" } });
    expect((await pay(token, repair.id, { kind: "refund", amount: 30, method: "card" })).status).toBe(201);
    // Denied and everything given back: nothing due, nothing owed.
    expect(await paymentsOf(token, repair.id)).toMatchObject({ paid_total: 0, balance_due: 0 });
    expect((await pay(token, repair.id, { kind: "refund", amount: 1, method: "card" })).status).toBe(422);
  });

  it("voids a payment: it stops counting, stays in the list and the history, and is never voided twice", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api, { final_price: 100 });
    const wrong = await (await pay(token, repair.id, { kind: "payment", amount: 100, method: "card" })).json();
    expect((await voidIt(token, repair.id, wrong.id, " ")).status).toBe(400);
    const voided = await voidIt(token, repair.id, wrong.id, "Cobrado dos veces");
    expect(await voided.json()).toMatchObject({ voided_at: expect.any(String), void_reason: "Cobrado dos veces" });
    expect((await voidIt(token, repair.id, wrong.id, "otra vez")).status).toBe(409);
    const after = await paymentsOf(token, repair.id);
    expect(after).toMatchObject({ paid_total: 0, balance_due: 100 });
    expect(after.payments).toHaveLength(1);
    const history = await (
      await historyRoute(authed(`/api/repairs/${repair.id}/history`, token), ctx({ id: repair.id }))
    ).json();
    expect(history.history.map((e: { kind: string; detail: string }) => [e.kind, e.detail]).slice(0, 2)).toEqual([
      ["payment_voided", "payment:100.00:Cobrado dos veces"],
      ["payment", "payment:100.00:card"],
    ]);
    // Money taken and since given back cannot be voided first: the refund would outweigh what was paid.
    const deposit = await (await pay(token, repair.id, { kind: "deposit", amount: 20, method: "cash" })).json();
    await pay(token, repair.id, { kind: "refund", amount: 20, method: "cash" });
    const refused = await voidIt(token, repair.id, deposit.id, "error");
    expect(refused.status).toBe(422);
    expect((await refused.json()).code).toBe("voidLeavesRefund");
  });

  it("counts every one of payments made at once", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api, { final_price: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pay(token, repair.id, { kind: "payment", amount: 10 + i, method: "cash" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(await paymentsOf(token, repair.id)).toMatchObject({ paid_total: 108, balance_due: 892 });
  });

  it("reads an amount typed as the user's language writes it, and refuses what is not an amount", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api);
    // In English "1.234,50" is not a way to write an amount.
    const english = await pay(token, repair.id, { kind: "payment", amount: "1.234,50", method: "cash" });
    expect(english.status).toBe(400);
    expect((await english.json()).code).toBe("paymentAmountInvalid");
    for (const language of ["es", "ca"]) {
      await settingsRoute(authed("/api/settings", token, { language }, "PUT"));
      const typed = await pay(token, repair.id, { kind: "payment", amount: "1.234,50", method: "transfer" });
      expect(await typed.json(), language).toMatchObject({ amount: 1234.5 });
    }
    for (const [body, code] of [
      [{ kind: "payment", amount: 0, method: "cash" }, "paymentAmountInvalid"],
      [{ kind: "payment", amount: -5, method: "cash" }, "paymentAmountInvalid"],
      [{ kind: "payment", amount: 1.234, method: "cash" }, "paymentAmountInvalid"],
      [{ kind: "payment", method: "cash" }, "amountRequired"],
      [{ kind: "gift", amount: 5, method: "cash" }, "paymentKindInvalid"],
      [{ kind: "payment", amount: 5, method: "cheque" }, "paymentMethodInvalid"],
    ] as const) {
      const response = await pay(token, repair.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).code, JSON.stringify(body)).toBe(code);
    }
    expect((await paymentsOf(token, repair.id)).payments).toHaveLength(2);
  });

  it("refuses a payment or a void that would take what was paid past 99,999,999.99 as bad input, and takes the next one", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api);
    expect((await pay(token, repair.id, { kind: "payment", amount: 99_999_999.99, method: "transfer" })).status).toBe(
      201,
    );
    const over = await pay(token, repair.id, { kind: "payment", amount: "0,01", method: "cash" });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      code: "paidTotalTooLarge",
      error: "What is paid for one repair cannot go past 99,999,999.99",
      fields: { amount: "paidTotalTooLarge" },
    });
    // The repair still takes money: a refund, then a payment that fits.
    const refund = await (await pay(token, repair.id, { kind: "refund", amount: 10, method: "cash" })).json();
    expect((await pay(token, repair.id, { kind: "payment", amount: 10, method: "cash" })).status).toBe(201);
    // Voiding the refund would count its 10 again, past the most.
    const voided = await voidIt(token, repair.id, refund.id, "Error");
    expect(voided.status).toBe(400);
    expect((await voided.json()).code).toBe("paidTotalTooLarge");
    expect(await paymentsOf(token, repair.id)).toMatchObject({ paid_total: 99_999_999.99 });
  });

  it("answers 404 for another shop's repair and payment, and writes nothing", async () => {
    const mine = await shopSession();
    const theirs = await shopSession();
    const repair = await createRepair(theirs.api);
    const payment = await (await pay(theirs.token, repair.id, { kind: "deposit", amount: 10, method: "cash" })).json();
    expect((await pay(mine.token, repair.id, { kind: "deposit", amount: 10, method: "cash" })).status).toBe(404);
    expect(
      (await listPaymentsRoute(authed(`/api/repairs/${repair.id}/payments`, mine.token), ctx({ id: repair.id })))
        .status,
    ).toBe(404);
    const own = await createRepair(mine.api);
    expect((await voidIt(mine.token, own.id, payment.id, "no")).status).toBe(404);
    expect(await paymentsOf(theirs.token, repair.id)).toMatchObject({ paid_total: 10 });
  });

  it("lets an item be collected with money due, says how much in the history, and queues it until paid", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api, { final_price: 120, status: "ready" });
    await pay(token, repair.id, { kind: "deposit", amount: 50, method: "cash" });
    expect((await api.status(repair.id, "picked_up")).status).toBe(200);
    const history = await (
      await historyRoute(authed(`/api/repairs/${repair.id}/history`, token), ctx({ id: repair.id }))
    ).json();
    expect(history.history.find((e: { kind: string }) => e.kind === "picked_up_with_due")).toMatchObject({
      detail: "70.00",
    });
    const queues = async () => (await (await queuesRoute(authed("/api/repairs/queues", token))).json()).queues.unpaid;
    expect(await queues()).toEqual({ count: 1, capped: false });
    const listed = await (await api.list("?queue=unpaid")).json();
    expect(listed.repairs.map((r: { id: string }) => r.id)).toEqual([repair.id]);
    await pay(token, repair.id, { kind: "payment", amount: "70", method: "card" });
    expect(await queues()).toEqual({ count: 0, capped: false });
  });
});

describe("a refund given as a discount", () => {
  it("lowers what is due after pickup: nothing left pending, out of the unpaid queue, the price changed in the history; voided, the price comes back", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api, { final_price: "285,50", status: "ready" });
    await pay(token, repair.id, { kind: "payment", amount: "285,50", method: "card" });
    expect((await api.status(repair.id, "picked_up")).status).toBe(200);
    const unpaid = async () => (await (await queuesRoute(authed("/api/repairs/queues", token))).json()).queues.unpaid;

    // Money back as a goodwill gesture, said to be a discount: the price goes down with it.
    const refund = await pay(token, repair.id, { kind: "refund", amount: 20, method: "cash", discount: true });
    expect(refund.status).toBe(201);
    const refunded = await refund.json();
    expect(refunded).toMatchObject({ kind: "refund", amount: 20, discount: true });
    expect(await (await api.get(repair.id)).json()).toMatchObject({
      final_price: 265.5,
      paid_total: 265.5,
      amount_due: 265.5,
      balance_due: 0,
    });
    expect(await unpaid()).toEqual({ count: 0, capped: false });
    const history = await (
      await historyRoute(authed(`/api/repairs/${repair.id}/history`, token), ctx({ id: repair.id }))
    ).json();
    expect(history.history.filter((e: { kind: string }) => e.kind === "final_price_set").at(-1)).toMatchObject({
      detail: "265.50",
    });
    // The takings still count the money given back.
    expect((await takings(token, "")).totals.net).toBe(265.5);

    // Voided, the discount goes: the price is back and so is what the refund gave.
    expect((await voidIt(token, repair.id, refunded.id, "Error de caixa")).status).toBe(200);
    expect(await (await api.get(repair.id)).json()).toMatchObject({ final_price: 285.5, balance_due: 0 });
  });

  it("leaves what is due as it was when the refund gives back money paid over the price, and refuses a discount without a price or past it", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api, { final_price: 100 });
    await pay(token, repair.id, { kind: "payment", amount: 120, method: "cash" });
    expect((await pay(token, repair.id, { kind: "refund", amount: 20, method: "cash" })).status).toBe(201);
    expect(await (await api.get(repair.id)).json()).toMatchObject({ final_price: 100, balance_due: 0 });

    const unpriced = await createRepair(api);
    await pay(token, unpriced.id, { kind: "deposit", amount: 50, method: "cash" });
    const noPrice = await pay(token, unpriced.id, { kind: "refund", amount: 10, method: "cash", discount: true });
    expect(noPrice.status).toBe(422);
    expect((await noPrice.json()).code).toBe("discountNeedsPrice");
    const cheap = await createRepair(api, { final_price: 30 });
    await pay(token, cheap.id, { kind: "payment", amount: 80, method: "cash" });
    const past = await pay(token, cheap.id, { kind: "refund", amount: 40, method: "cash", discount: true });
    expect(past.status).toBe(422);
    expect((await past.json()).fields).toEqual({ amount: "discountTooLarge" });
    const notRefund = await pay(token, cheap.id, { kind: "payment", amount: 5, method: "cash", discount: true });
    expect(notRefund.status).toBe(400);
    expect((await notRefund.json()).fields).toEqual({ discount: "discountOnlyRefund" });
    // Nothing of it was written.
    expect((await paymentsOf(token, cheap.id)).payments).toHaveLength(1);
    expect(await (await api.get(cheap.id)).json()).toMatchObject({ final_price: 30, paid_total: 80 });
  });
});

describe("GET /api/payments (the day's takings)", () => {
  /** Payments taken at given instants (UTC), made through the API then dated. */
  async function takenAt(instants: string[]) {
    const session = await shopSession();
    const repair = await createRepair(session.api, { repair_number: "R-CAIXA", customer_name: "Núria" });
    const ids: string[] = [];
    for (const [i, at] of instants.entries()) {
      const kind = i === 2 ? "refund" : "payment";
      const made = await (
        await pay(session.token, repair.id, { kind, amount: 10 * (i + 1), method: i % 2 ? "card" : "cash" })
      ).json();
      // The database refuses to change a payment's time (payments_kept): dated as if taken then, triggers off.
      await db().$transaction([
        db().$executeRaw`SET LOCAL session_replication_role = replica`,
        db().payment.update({ where: { id: made.id }, data: { createdAt: new Date(at) } }),
      ]);
      ids.push(made.id);
    }
    return { ...session, repair, ids };
  }

  it("takes whole days of the shop's calendar: the 23 hours of the day clocks go forward, and each side of midnight", async () => {
    // Madrid, 29 March 2026: 00:00 is 23:00Z the day before, and the clocks go forward at 01:00Z.
    const { token, ids } = await takenAt([
      "2026-03-28T22:59:59Z", // 23:59:59 on the 28th
      "2026-03-28T23:00:00Z", // midnight: the 29th
      "2026-03-29T12:00:00Z", // the 29th (a refund of 30)
      "2026-03-29T21:59:59Z", // 23:59:59 on the 29th, summer time
      "2026-03-29T22:00:00Z", // midnight: the 30th
    ]);
    const day = await takings(token, "from=29/03/2026&to=29/03/2026");
    expect(day.payments.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[2], ids[3]]);
    expect(day.totals.by_kind).toEqual({ deposit: 0, payment: 60, refund: 30 });
    expect(day.totals.by_method.card).toMatchObject({ payment: 60, net: 60 });
    expect(day.totals.by_method.cash).toMatchObject({ refund: 30, net: -30 });
    expect(day.totals.net).toBe(30);
    expect(day.expected_cash).toBe(-30);
    expect(day.payments[0]).toMatchObject({ repair_number: "R-CAIXA", customer_name: "Núria" });
    const range = await takings(token, "from=2026-03-28&to=2026-03-30");
    expect(range.payments).toHaveLength(5);
  });

  it("shows voided payments apart, counts them in no total, and gives the same as a spreadsheet", async () => {
    const { token, repair, ids } = await takenAt(["2026-05-04T10:00:00Z", "2026-05-04T11:00:00Z"]);
    await voidIt(token, repair.id, ids[1], "Duplicado");
    const day = await takings(token, "from=04/05/2026");
    expect(day.payments.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    expect(day.voided).toMatchObject([{ id: ids[1], void_reason: "Duplicado" }]);
    expect(day.totals.net).toBe(10);
    expect(day.expected_cash).toBe(10);

    await settingsRoute(authed("/api/settings", token, { language: "ca" }, "PUT"));
    const file = await takingsRoute(authed("/api/payments?from=04/05/2026&format=xlsx", token));
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="takings_2026-05-04.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[] | undefined)?.slice(1) ?? []);
    expect(values[0]).toEqual([
      "Quan",
      "Número de reparació",
      "Client",
      "Tipus",
      "Forma de pagament",
      "Import",
      "Nota",
      "Cobrat per",
    ]);
    // 12:00 in Madrid, as the shop's wall clock.
    expect(values[1].slice(0, 6)).toEqual([
      new Date("2026-05-04T12:00:00Z"),
      "R-CAIXA",
      "Núria",
      "Pagament",
      "Efectiu",
      10,
    ]);
    const flat = values.map((row) => row.filter((cell) => cell !== undefined && cell !== null));
    expect(flat).toContainEqual(["Anul·lats"]);
    expect(flat).toContainEqual(expect.arrayContaining(["R-CAIXA", "Targeta", 20, "Duplicado"]));
    expect(flat).toContainEqual(["Total net", 10]);
  });

  it("answers a busy range's totals whole and its lines a page at a time; the spreadsheet holds every line", async () => {
    const { token, repair } = await takenAt(["2026-06-01T08:00:00Z"]);
    // 249 more payments of the day (2 voided), made by SQL for speed: 250 lines in all.
    await db().$executeRaw`
      INSERT INTO payments (shop_id, repair_id, kind, amount, method, created_at, voided_at, void_reason)
      SELECT r.shop_id, r.id, CASE WHEN n % 10 = 0 THEN 'refund' ELSE 'payment' END::payment_kind, n, 
        CASE WHEN n % 2 = 0 THEN 'card' ELSE 'cash' END::payment_method,
        '2026-06-01T09:00:00Z'::timestamptz + n * interval '1 second',
        CASE WHEN n IN (7, 8) THEN now() END, CASE WHEN n IN (7, 8) THEN 'Error' END
      FROM repairs r, generate_series(1, 249) n WHERE r.id = ${repair.id}::uuid`;
    const day = await takings(token, "from=01/06/2026");
    expect(day.counts).toEqual({ payments: 248, voided: 2 });
    expect(day.payments).toHaveLength(100);
    expect(day.voided).toHaveLength(2);
    expect(day.next.voided).toBeNull();
    // Totals over all 248 counted: payments 1..249 but multiples of 10 are refunds, 7 and 8 voided; plus the first 10.
    const all = Array.from({ length: 249 }, (_, i) => i + 1).filter((n) => n !== 7 && n !== 8);
    const refunds = all.filter((n) => n % 10 === 0).reduce((t, n) => t + n, 0);
    const paid = all.filter((n) => n % 10 !== 0).reduce((t, n) => t + n, 0) + 10;
    expect(day.totals.by_kind).toEqual({ deposit: 0, payment: paid, refund: refunds });
    expect(day.totals.net).toBe(paid - refunds);

    const seen = [...day.payments];
    for (let after = day.next.payments; after;) {
      const page = await takings(token, `from=01/06/2026&lines=payments&after=${after}`);
      seen.push(...page.payments);
      after = page.next;
    }
    expect(seen).toHaveLength(248);
    expect(new Set(seen.map((l: { id: string }) => l.id)).size).toBe(248);
    const times = seen.map((l: { created_at: string }) => l.created_at);
    expect([...times].sort()).toEqual(times);
    const refused = await takingsRoute(
      authed("/api/payments?from=01/06/2026&lines=payments&after=bm90LWEtY3Vyc29y", token),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe("takingsCursorInvalid");

    // The spreadsheet: every line, made on an export's thread, in the shop's one export slot at a time.
    const [file, second] = await Promise.all([
      takingsRoute(authed("/api/payments?from=01/06/2026&format=xlsx", token)),
      takingsRoute(authed("/api/payments?from=01/06/2026&format=xlsx", token)),
    ]);
    const [ok, busy] = file.status === 200 ? [file, second] : [second, file];
    expect(busy.status).toBe(429);
    expect((await busy.json()).code).toBe("exportBusy");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await ok.arrayBuffer()) as unknown as ArrayBuffer);
    const amounts = workbook.worksheets[0]
      .getSheetValues()
      .slice(2)
      .map((row) => (row as unknown[] | undefined)?.[6]);
    // 248 lines, a blank, the heading, 2 voided, a blank, the totals.
    expect(amounts.slice(0, 248).every((a) => typeof a === "number")).toBe(true);
    expect(amounts.slice(0, 248).reduce((t: number, a) => t + (a as number), 0)).toBe(paid - refunds);
    const flat = workbook.worksheets[0]
      .getSheetValues()
      .map((row) => ((row as unknown[] | undefined) ?? []).filter((cell) => cell !== undefined && cell !== null));
    expect(flat).toContainEqual(["Net takings", paid - refunds]);
  });

  it("refuses dates that are not dates and a range that runs backwards", async () => {
    const { token } = await shopSession();
    for (const query of ["from=31/02/2026", "from=05/05/2026&to=04/05/2026", "from=01/01/2025&to=01/06/2026"]) {
      const response = await takingsRoute(authed(`/api/payments?${query}`, token));
      expect(response.status, query).toBe(400);
    }
  });
});
