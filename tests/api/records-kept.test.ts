import ExcelJS from "exceljs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { GET as activityRoute } from "@/app/api/activity/route";
import { DELETE as removeAccountRoute, PATCH as roleRoute } from "@/app/api/accounts/[id]/route";
import { POST as createAccountRoute } from "@/app/api/auth/create-subaccount/route";
import { GET as takingsRoute } from "@/app/api/payments/route";
import { DELETE as deleteRoute } from "@/app/api/repairs/[id]/route";
import { POST as payRoute } from "@/app/api/repairs/[id]/payments/route";
import { POST as voidRoute } from "@/app/api/repairs/[id]/payments/[paymentId]/void/route";
import { POST as restoreRoute } from "@/app/api/repairs/[id]/restore/route";
import { POST as signRoute } from "@/app/api/repairs/[id]/signatures/route";
import { GET as deletedRoute } from "@/app/api/repairs/deleted/route";
import { PUT as settingsRoute } from "@/app/api/settings/route";
import { PUT as shopRoute } from "@/app/api/shop/route";
import { PUT as noticesRoute } from "@/app/api/shop/notices/route";
import { readStatusPage } from "@/lib/status-link/page";
import { readStatusToken } from "@/lib/status-link/token";
import { env } from "@/lib/env";
import { db } from "@/lib/db";
import { onServer } from "@/lib/db/admin";
import { authed, PASSWORD, signIn } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// Nothing paid or signed is erased (issue 49): a repair paid, signed or
// handed over is archived when deleted, its money still in the takings, its
// number and records kept, restorable by an owner; any other is erased and
// its number listed; the database itself refuses to lose a payment. And the
// activity log says what changed, by whom.

const database = withTestDatabase();

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
const pay = async (token: string, id: string, body: unknown) => {
  const response = await payRoute(authed(`/api/repairs/${id}/payments`, token, body), ctx({ id }));
  expect(response.status).toBe(201);
  return response.json();
};
const remove = (token: string, id: string, body?: unknown) =>
  deleteRoute(authed(`/api/repairs/${id}`, token, body, "DELETE"), ctx({ id }));
const deletedList = async (token: string) => {
  const response = await deletedRoute(authed("/api/repairs/deleted", token));
  expect(response.status).toBe(200);
  return response.json();
};
const restore = (token: string, id: string) =>
  restoreRoute(authed(`/api/repairs/${id}/restore`, token, {}), ctx({ id }));
const takings = async (token: string) => (await takingsRoute(authed("/api/payments", token))).json();
const activity = async (token: string, query = "") => {
  const response = await activityRoute(authed(`/api/activity${query}`, token));
  expect(response.status).toBe(200);
  return response.json();
};
const counted = async (shopId: string) =>
  (await db().repairCount.findMany({ where: { shopId } })).reduce((n, c) => n + c.count, 0);
const signature = async () =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 300, height: 120, channels: 4, background: "#000f" } })
      .png()
      .toBuffer()
  ).toString("base64")}`;

const ownerName = async (owner: { userId: string }) =>
  (await db().user.findUniqueOrThrow({ where: { id: owner.userId } })).name;

async function withStaff(session: Awaited<ReturnType<typeof shopSession>>) {
  const email = `staff-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const created = await createAccountRoute(
    authed("/api/auth/create-subaccount", session.token, { name: "Pere Soler", email, password: PASSWORD }),
  );
  expect(created.status).toBe(201);
  return { email, token: (await signIn(email)).accessToken };
}

describe("deleting a repair with money, a signature or a handover", () => {
  it("refuses while its money is not given back, then keeps it with its payments in the takings, and an owner restores it", async () => {
    const session = await shopSession();
    const { token, api, owner } = session;
    const staff = await withStaff(session);
    const repair = await createRepair(api, { customer_name: "Núria Vidal" });
    await createRepair(api, { customer_name: "Altre client" });
    await pay(token, repair.id, { kind: "deposit", amount: "10", method: "cash" });
    expect(await counted(owner.shopId)).toBe(2);

    // Staff delete from the phone: 10 € not given back is refused, nothing changes.
    const refused = await remove(staff.token, repair.id, { reason: "Error" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "repairHasMoney", error: "Refund the payments first" });
    expect((await api.get(repair.id)).status).toBe(200);
    expect((await takings(token)).expected_cash).toBe(10);

    // Given back, then deleted: kept, out of the list, the counters and the status link.
    await pay(token, repair.id, { kind: "refund", amount: "10,00", method: "cash" });
    const deleted = await remove(staff.token, repair.id, { reason: "  Client ja no la vol  " });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true, kept: true });
    expect((await api.get(repair.id)).status).toBe(404);
    const list = await (await api.list()).json();
    expect(list.repairs.map((r: { id: string }) => r.id)).not.toContain(repair.id);
    expect(list.pagination.total).toBe(1);
    expect((await (await api.list(`?search=${encodeURIComponent("Núria")}`)).json()).repairs).toEqual([]);
    expect(await counted(owner.shopId)).toBe(1);
    const record = await db().$queryRaw<{ status_token: string }[]>`
      SELECT status_token FROM repair_records WHERE id = ${repair.id}::uuid`;
    expect(await readStatusPage(db(), readStatusToken(record[0].status_token, env().ENCRYPTION_KEY))).toBeNull();

    // Its money stays in the day's takings, named by its number.
    const day = await takings(token);
    expect(day.payments.map((p: { repair_number: string; kind: string }) => [p.repair_number, p.kind])).toEqual([
      [repair.repair_number, "deposit"],
      [repair.repair_number, "refund"],
    ]);
    expect(day.totals.by_kind).toMatchObject({ deposit: 10, refund: 10 });
    expect(day.expected_cash).toBe(0);

    // Only an owner sees it and restores it.
    const staffList = await deletedRoute(authed("/api/repairs/deleted", staff.token));
    expect(staffList.status).toBe(403);
    expect((await staffList.json()).code).toBe("ownerOnly");
    expect((await restore(staff.token, repair.id)).status).toBe(403);
    const shown = await deletedList(token);
    expect(shown.archived).toEqual([
      {
        id: repair.id,
        repair_number: repair.repair_number,
        customer_name: "Núria Vidal",
        item_description: repair.item_description,
        deleted_at: expect.any(String),
        deleted_by: "Pere Soler",
        reason: "Client ja no la vol",
      },
    ]);
    expect(shown.erased).toEqual([]);

    const restored = await restore(token, repair.id);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id: repair.id, repair_number: repair.repair_number });
    expect((await api.get(repair.id)).status).toBe(200);
    expect(await counted(owner.shopId)).toBe(2);
    expect((await deletedList(token)).archived).toEqual([]);
    // Restoring what is not archived is not found.
    expect((await restore(token, repair.id)).status).toBe(404);

    const { entries } = await activity(token);
    expect(entries.map((e: { kind: string; actor: string }) => [e.kind, e.actor])).toEqual([
      ["repair_restored", await ownerName(owner)],
      ["repair_archived", "Pere Soler"],
      ["account_added", await ownerName(owner)],
    ]);
    expect(entries[1]).toMatchObject({
      repair_id: repair.id,
      repair_number: repair.repair_number,
      detail: { customer: "Núria Vidal", reason: "Client ja no la vol" },
    });
  });

  it("keeps a signed repair and a handed-over one, the spec's call without a body recording no reason", async () => {
    const { token, api } = await shopSession();
    const signed = await createRepair(api);
    const sign = await signRoute(
      authed(`/api/repairs/${signed.id}/signatures`, token, {
        stage: "intake",
        signer_name: "Núria",
        image: await signature(),
      }),
      ctx({ id: signed.id }),
    );
    expect(sign.status).toBe(201);
    const handedOver = await createRepair(api);
    expect((await api.update(handedOver.id, { status: "picked_up", collected_by: "Pere" })).status).toBe(200);
    // A payment voided is a record too.
    const voided = await createRepair(api);
    const payment = await pay(token, voided.id, { kind: "payment", amount: 25, method: "card" });
    const voiding = await voidRoute(
      authed(`/api/repairs/${voided.id}/payments/${payment.id}/void`, token, { reason: "Duplicat" }),
      ctx({ id: voided.id, paymentId: payment.id }),
    );
    expect(voiding.status).toBe(200);

    for (const repair of [signed, handedOver, voided]) {
      const response = await api.remove(repair.id);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, kept: true });
    }
    const { archived } = await deletedList(token);
    expect(archived.map((r: { id: string }) => r.id).sort()).toEqual([signed.id, handedOver.id, voided.id].sort());
    expect(archived.every((r: { reason: string | null }) => r.reason === null)).toBe(true);
    // Their records are all there.
    expect(await db().signature.count({ where: { repairId: signed.id } })).toBe(1);
    expect(await db().payment.count({ where: { repairId: voided.id } })).toBe(1);
    expect(await db().statusHistory.count({ where: { repairId: handedOver.id } })).toBeGreaterThan(0);
  });

  it("keeps an archived repair's number taken: the series steps over it, and typing it again is refused", async () => {
    const { api } = await shopSession();
    const first = await createRepair(api, { repair_number: undefined });
    const next = first.repair_number.replace(/\d+$/, (n: string) => String(Number(n) + 1).padStart(n.length, "0"));
    const typed = await createRepair(api, { repair_number: next });
    expect((await api.update(typed.id, { status: "picked_up", collected_by: "Pere" })).status).toBe(200);
    expect(await (await api.remove(typed.id)).json()).toEqual({ success: true, kept: true });
    const after = await createRepair(api, { repair_number: undefined });
    expect(after.repair_number).toBe(
      next.replace(/\d+$/, (n: string) => String(Number(n) + 1).padStart(n.length, "0")),
    );
    const again = await api.create({ repair_number: next, customer_name: "Anna", item_description: "Anell" });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("A repair with this number already exists");
  });

  it("erases any other repair, and lists its number with who erased it, when and why", async () => {
    const { token, api, owner } = await shopSession();
    const repair = await createRepair(api, { customer_name: "Marc Roig" });
    const response = await remove(token, repair.id, { reason: "Duplicada" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, kept: false });
    expect(await db().$queryRaw`SELECT id FROM repair_records WHERE id = ${repair.id}::uuid`).toEqual([]);
    const { erased, archived } = await deletedList(token);
    expect(archived).toEqual([]);
    expect(erased).toEqual([
      {
        id: repair.id,
        repair_number: repair.repair_number,
        customer_name: "Marc Roig",
        item_description: null,
        deleted_at: expect.any(String),
        deleted_by: await ownerName(owner),
        reason: "Duplicada",
      },
    ]);
    // A reason longer than a note is bad input, and nothing is deleted.
    const other = await createRepair(api);
    const tooLong = await remove(token, other.id, { reason: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect((await api.get(other.id)).status).toBe(200);
  });
});

describe("the database keeps every payment", () => {
  it("refuses a payment's delete, a change of its money or time, an un-void, and a repair's erasure under it; a whole shop still goes", async () => {
    const { token, api, owner } = await shopSession();
    const repair = await createRepair(api);
    const payment = await pay(token, repair.id, { kind: "payment", amount: "90,5", method: "cash" });
    await onServer(database.url(), async (c) => {
      const refused = async (sql: string) =>
        expect(c.query(sql, [payment.id]).then(() => "done")).rejects.toThrow(/never|violates foreign key/);
      await refused("DELETE FROM payments WHERE id = $1");
      await refused("UPDATE payments SET amount = 1 WHERE id = $1");
      await refused("UPDATE payments SET method = 'card' WHERE id = $1");
      await refused("UPDATE payments SET kind = 'refund' WHERE id = $1");
      await refused("UPDATE payments SET created_at = now() - interval '1 day' WHERE id = $1");
      await refused("UPDATE payments SET discount = true WHERE id = $1");
      await expect(c.query("DELETE FROM repair_records WHERE id = $1", [repair.id])).rejects.toThrow(
        /violates foreign key/,
      );
      // A note may be added, and a void is recorded once and then kept.
      await c.query("UPDATE payments SET voided_at = now(), void_reason = 'Error' WHERE id = $1", [payment.id]);
      await refused("UPDATE payments SET voided_at = NULL, void_reason = NULL WHERE id = $1");
      expect((await c.query("SELECT amount::text FROM payments WHERE id = $1", [payment.id])).rows).toEqual([
        { amount: "90.50" },
      ]);
      // A shop removed whole by its operator takes everything with it.
      await c.query("DELETE FROM shops WHERE id = $1", [owner.shopId]);
      expect((await c.query("SELECT count(*)::int AS n FROM payments WHERE id = $1", [payment.id])).rows).toEqual([
        { n: 0 },
      ]);
    });
  });
});

describe("the activity log", () => {
  it("records accounts, settings, deletions and voids with who and when, for owners only, on screen and as .xlsx", async () => {
    const session = await shopSession();
    const { token, api, owner } = session;
    const staff = await withStaff(session);
    const staffId = (await db().user.findUniqueOrThrow({ where: { email: staff.email } })).id;
    expect(
      (await roleRoute(authed(`/api/accounts/${staffId}`, token, { role: "owner" }, "PATCH"), ctx({ id: staffId })))
        .status,
    ).toBe(200);
    expect(
      (await roleRoute(authed(`/api/accounts/${staffId}`, token, { role: "staff" }, "PATCH"), ctx({ id: staffId })))
        .status,
    ).toBe(200);
    expect(
      (await shopRoute(authed("/api/shop", token, { legal_name: "Joies Vidal SL", warranty_months: 6 }, "PUT"))).status,
    ).toBe(200);
    // Saving what is already there changes nothing, and records nothing.
    expect((await shopRoute(authed("/api/shop", token, { warranty_months: 6 }, "PUT"))).status).toBe(200);
    expect((await noticesRoute(authed("/api/shop/notices", token, { ready: false }, "PUT"))).status).toBe(200);
    expect((await settingsRoute(authed("/api/settings", token, { time_zone: "Atlantic/Canary" }, "PUT"))).status).toBe(
      200,
    );
    const repair = await createRepair(api);
    const payment = await pay(token, repair.id, { kind: "payment", amount: "1234,5", method: "bizum" });
    await voidRoute(
      authed(`/api/repairs/${repair.id}/payments/${payment.id}/void`, token, { reason: "Duplicat" }),
      ctx({ id: repair.id, paymentId: payment.id }),
    );
    const removed = await removeAccountRoute(
      authed(`/api/accounts/${staffId}`, token, { password: PASSWORD }, "DELETE"),
      ctx({ id: staffId }),
    );
    expect(removed.status).toBe(200);

    const staffCall = await activityRoute(authed("/api/activity", staff.token));
    expect(staffCall.status).toBe(401); // removed: signed out everywhere
    const page = await activity(token);
    expect(page.entries.map((e: { kind: string }) => e.kind)).toEqual([
      "account_removed",
      "payment_voided",
      "shop_changed",
      "shop_changed",
      "shop_changed",
      "role_changed",
      "role_changed",
      "account_added",
    ]);
    const name = await ownerName(owner);
    expect(page.entries.every((e: { actor: string }) => e.actor === name)).toBe(true);
    expect(page.entries[1]).toMatchObject({
      repair_number: repair.repair_number,
      detail: { kind: "payment", amount: 1234.5, method: "bizum", reason: "Duplicat" },
    });
    expect(page.entries[2].detail.changes).toEqual([
      { field: "time_zone", from: "Europe/Madrid", to: "Atlantic/Canary" },
    ]);
    expect(page.entries[3].detail.changes).toEqual([{ field: "ready", from: true, to: false }]);
    expect(page.entries[4].detail.changes).toEqual([
      { field: "legal_name", from: null, to: "Joies Vidal SL" },
      { field: "warranty_months", from: 3, to: 6 },
    ]);
    expect(page.entries[5].detail).toEqual({ name: "Pere Soler", from: "owner", to: "staff" });

    // Another day's range holds none of it; a bad date is the takings' clear error.
    expect((await activity(token, "?from=01/01/2020&to=02/01/2020")).entries).toEqual([]);
    const bad = await activityRoute(authed("/api/activity?from=31/02/2026", token));
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("takingsDateInvalid");

    // The spreadsheet says the same, in the reader's language and the shop's time.
    await settingsRoute(authed("/api/settings", token, { language: "ca" }, "PUT"));
    const file = await activityRoute(authed("/api/activity?format=xlsx", token));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="activity_\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[] | undefined)?.slice(1) ?? []);
    expect(rows[0]).toEqual(["Quan", "Qui", "Què", "Número de reparació"]);
    expect(rows).toHaveLength(1 + 8);
    expect(rows[1].slice(1, 3)).toEqual([
      await await ownerName(owner),
      expect.stringContaining("Ha eliminat el compte Pere Soler"),
    ]);
    expect(String(rows[2][2]).replace(/\s/g, " ")).toBe(
      `Ha anul·lat un Pagament de 1.234,50 € (Bizum) de la reparació ${repair.repair_number}: Duplicat`,
    );
    expect(rows[3][2]).toBe(
      "Ha canviat la configuració de la botiga: zona horària: “Europe/Madrid” → “Atlantic/Canary”",
    );
    expect(rows[6][2]).toBe("Ha canviat el rol de Pere Soler a personal (abans propietari)");
  });
});
