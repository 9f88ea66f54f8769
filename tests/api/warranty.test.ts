import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as warrantyRoute } from "@/app/api/repairs/[id]/warranty/route";
import { GET as queuesRoute } from "@/app/api/repairs/queues/route";
import { GET as candidatesRoute } from "@/app/api/repairs/warranty-candidates/route";
import { PUT as putShop } from "@/app/api/shop/route";
import { GET as pageRoute } from "@/app/t/[token]/route";
import { db } from "@/lib/db";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { authed } from "../helpers/auth";
import { createRepair, repairInput, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// After the repair (docs/aftercare.md): the warranty from pickup, comebacks
// linked to their first repair, and a watch's service report.

withTestDatabase();
afterEach(() => {
  vi.useRealTimers();
});

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const links = async (token: string, id: string) =>
  (await warrantyRoute(authed(`/api/repairs/${id}/warranty`, token), ctx(id))).json();

/** A repair picked up at `at` (UTC), with these months of warranty; signed in at that moment. */
async function pickedUpAt(at: string, warranty_months?: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(at));
  const session = await shopSession();
  const repair = await createRepair(session.api, {
    status: "ready",
    ...(warranty_months === undefined ? {} : { warranty_months }),
  });
  const picked = await (await session.api.status(repair.id, "picked_up")).json();
  vi.useRealTimers();
  return { ...session, picked };
}

describe("the warranty", () => {
  it.each([
    ["a month from 31 January is the last day of February", "2026-01-31T10:00:00Z", 1, "2026-02-28"],
    ["in a leap year, the 29th", "2028-01-31T10:00:00Z", 1, "2028-02-29"],
    ["three months from 29 November reach a leap February's last day", "2027-11-29T12:00:00Z", 3, "2028-02-29"],
    ["a pickup at 23:30 in Madrid is that day's", "2026-03-31T21:30:00Z", 3, "2026-06-30"],
    ["a pickup at 00:30 in Madrid is the next day's", "2026-03-31T22:30:00Z", 3, "2026-07-01"],
    ["a year", "2026-11-26T11:00:00Z", 12, "2027-11-26"],
  ])("runs from the day of pickup in the shop's time zone: %s", async (_label, at, months, until) => {
    const { picked } = await pickedUpAt(at, months);
    expect(picked).toMatchObject({ warranty_months: months, warranty_until: `${until}T00:00:00.000Z` });
  });

  it("starts at once for a repair entered as already collected", async () => {
    const { api } = await shopSession();
    const repair = await createRepair(api, { status: "picked_up" });
    expect(repair.warranty_until).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00.000Z$/);
    expect((await (await api.get(repair.id)).json()).warranty_until).toBe(repair.warranty_until);
  });

  it("gives none with 0 months, the shop's months by default, and is not changed once the item is collected", async () => {
    expect((await pickedUpAt("2026-05-05T10:00:00Z", 0)).picked.warranty_until).toBeNull();
    const { token, api } = await shopSession();
    expect((await createRepair(api)).warranty_months).toBe(3);
    expect((await putShop(authed("/api/shop", token, { warranty_months: 6 }, "PUT"))).status).toBe(200);
    const repair = await createRepair(api, { status: "ready" });
    expect(repair.warranty_months).toBe(6);
    for (const months of [121, -1, 2.5, "12"]) {
      const refused = await api.update(repair.id, { warranty_months: months });
      expect(refused.status, String(months)).toBe(400);
      expect((await refused.json()).code).toBe("warrantyMonthsInvalid");
    }
    expect((await api.update(repair.id, { warranty_months: 12 })).status).toBe(200);
    const picked = await (await api.status(repair.id, "picked_up")).json();
    expect(picked.warranty_until).not.toBeNull();
    // Collected: the same months may be sent again (an edit of other details), another number is refused.
    expect((await api.update(repair.id, { warranty_months: 12, notes: "Corretja nova" })).status).toBe(200);
    expect((await api.update(repair.id, { warranty_months: 24 })).status).toBe(422);
    // Taken back from picked up, its warranty has not started.
    expect((await (await api.status(repair.id, "ready")).json()).warranty_until).toBeNull();
  });

  it("runs for the months given in the same edit that marks the item collected", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-31T10:00:00Z"));
    const { api } = await shopSession();
    const repair = await createRepair(api, { status: "ready", warranty_months: 3 });
    const edited = await api.update(repair.id, { status: "picked_up", warranty_months: 1 });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      status: "picked_up",
      warranty_months: 1,
      warranty_until: "2026-02-28T00:00:00.000Z",
    });
  });
});

describe("comebacks", () => {
  it("links a comeback inside the warranty to its first repair, starts it at a quote of 0, and leaves the first unchanged", async () => {
    const { token, api, picked } = await pickedUpAt(new Date().toISOString());
    const before = await db().repair.findUniqueOrThrow({ where: { id: picked.id } });
    const comeback = await createRepair(api, { warranty_of: picked.id, item_description: "Torna a atrasar" });
    expect(comeback).toMatchObject({
      warranty_of: picked.id,
      under_warranty: true,
      quote_amount: 0,
      quote_status: "approved",
      amount_due: 0,
      balance_due: 0,
    });
    const after = await db().repair.findUniqueOrThrow({ where: { id: picked.id } });
    expect([after.version, after.warrantyUntil]).toEqual([before.version, before.warrantyUntil]);
    // Each shows the other.
    expect(await links(token, comeback.id)).toMatchObject({
      first: { id: picked.id, repair_number: picked.repair_number },
    });
    expect((await links(token, picked.id)).comebacks).toMatchObject([{ id: comeback.id, under_warranty: true }]);
    // Open, it is in the dashboard's queue of warranty returns.
    const queues = async () => (await (await queuesRoute(authed("/api/repairs/queues", token))).json()).queues;
    expect((await queues()).warranty_returns).toEqual({ count: 1, capped: false });
    await api.status(comeback.id, "picked_up");
    expect((await queues()).warranty_returns).toEqual({ count: 0, capped: false });
  });

  it("does not lengthen the cover: a comeback collected weeks later is covered until the first's date and gets none of its own unless given", async () => {
    const { api, picked } = await pickedUpAt(new Date().toISOString());
    const comeback = await createRepair(api, { warranty_of: picked.id, status: "ready", customer_language: "es" });
    expect(comeback).toMatchObject({ under_warranty: true, warranty_months: 0 });
    // Collected (whenever): no date of its own past the first's.
    const collected = await (await api.status(comeback.id, "picked_up")).json();
    expect(collected.warranty_until).toBeNull();
    // The customer's page: no charge, covered until the first repair's last day; not a quote of nothing accepted.
    const token = comeback.status_url.split("/t/")[1];
    const page = await (
      await pageRoute(
        new Request(`http://localhost/t/${token}`, { headers: { [CLIENT_ADDRESS_HEADER]: "10.9.0.3" } }),
        { params: Promise.resolve({ token }) },
      )
    ).text();
    const [year, month, day] = picked.warranty_until.slice(0, 10).split("-");
    expect(page).toContain("En garantía: sin cargo");
    expect(page).toContain(`Cubierto por la garantía de una reparación anterior hasta el ${day}/${month}/${year}.`);
    expect(page).not.toContain('<dd class="amount">0,00');
    expect(page).not.toContain("Se dará presupuesto");
    // Staff may give one of its own: then it runs from its pickup.
    const given = await createRepair(api, { warranty_of: picked.id, warranty_months: 6 });
    expect(given).toMatchObject({ under_warranty: true, warranty_months: 6 });
  });

  it("suggests the repair under a running warranty with the same serial number and customer, and no other", async () => {
    const { token, api } = await shopSession();
    const mine = await createRepair(api, {
      status: "ready",
      customer_phone: "+34 611 222 333",
      customer_email: "joana@example.com",
      serial_number: "SN-777",
    });
    await api.status(mine.id, "picked_up");
    // Another customer's watch with the same serial, and one whose warranty ended.
    const other = await createRepair(api, { status: "ready", customer_phone: "600 999 888", serial_number: "SN-777" });
    await api.status(other.id, "picked_up");
    const ended = await createRepair(api, { status: "ready", customer_phone: "611222333", serial_number: "SN-888" });
    await api.status(ended.id, "picked_up");
    await db().repair.update({ where: { id: ended.id }, data: { warrantyUntil: new Date("2020-01-01") } });
    const candidates = async (query: string) =>
      (await candidatesRoute(authed(`/api/repairs/warranty-candidates?${query}`, token))).json();
    expect((await candidates("serial=sn-777&phone=611222333")).repairs.map((r: { id: string }) => r.id)).toEqual([
      mine.id,
    ]);
    expect((await candidates("serial=SN-777&email=JOANA@example.com")).repairs).toHaveLength(1);
    expect((await candidates("serial=SN-888&phone=611222333")).repairs).toEqual([]);
    expect((await candidates("serial=SN-777")).repairs).toEqual([]);
    expect((await candidates("phone=611222333")).repairs).toEqual([]);
    // Another shop sees none of them.
    const stranger = await shopSession();
    expect(
      (
        await (
          await candidatesRoute(
            authed("/api/repairs/warranty-candidates?serial=SN-777&phone=611222333", stranger.token),
          )
        ).json()
      ).repairs,
    ).toEqual([]);
  });

  it("marks a comeback after the warranty's last day as outside it, with no quote", async () => {
    const { api, picked } = await pickedUpAt(new Date().toISOString());
    const yesterday = new Date(Date.now() - 86_400_000 * 2);
    await db().repair.update({ where: { id: picked.id }, data: { warrantyUntil: yesterday } });
    const comeback = await createRepair(api, { warranty_of: picked.id });
    expect(comeback).toMatchObject({ warranty_of: picked.id, under_warranty: false, quote_amount: null });
  });

  it("refuses another shop's repair, or no repair, as the first one, and writes nothing", async () => {
    const mine = await shopSession();
    const theirs = await shopSession();
    const repair = await createRepair(theirs.api);
    for (const first of [repair.id, "00000000-0000-0000-0000-000000000000", "R-1"]) {
      const refused = await mine.api.create(repairInput({ warranty_of: first }));
      expect(refused.status, first).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: "warrantyOfNotFound",
        fields: { warranty_of: "warrantyOfNotFound" },
      });
    }
    expect((await (await mine.api.list()).json()).repairs).toHaveLength(0);
  });
});

describe("the service report", () => {
  it("keeps the timegrapher's figures and the water test, typed as people type numbers, and shows them to the customer", async () => {
    const { api } = await shopSession();
    const repair = await createRepair(api, {
      item_type: "watch",
      customer_language: "ca",
      rate_before: "-12,5",
      // A watchmaker writes a gain with its sign.
      rate_after: "+2",
      amplitude_before: "210",
      amplitude_after: 285,
      beat_error_before: "1,2",
      beat_error_after: "0,3",
      water_test_bar: "3",
      water_test_result: "pass",
    });
    expect(repair).toMatchObject({
      rate_before: -12.5,
      rate_after: 2,
      amplitude_before: 210,
      amplitude_after: 285,
      beat_error_before: 1.2,
      beat_error_after: 0.3,
      water_test_bar: 3,
      water_test_result: "pass",
    });
    const token = repair.status_url.split("/t/")[1];
    const page = await (
      await pageRoute(
        new Request(`http://localhost/t/${token}`, { headers: { [CLIENT_ADDRESS_HEADER]: "10.9.0.2" } }),
        {
          params: Promise.resolve({ token }),
        },
      )
    ).text();
    expect(page).toContain("<dt>Marxa abans (s/dia)</dt><dd>-12,50</dd>");
    expect(page).toContain("Superada");
    // Cleared by an empty value.
    expect(await (await api.update(repair.id, { water_test_result: "", rate_before: "" })).json()).toMatchObject({
      water_test_result: null,
      rate_before: null,
    });
  });

  it.each([
    [{ rate_before: "1000" }, "rate_before", "rateInvalid"],
    [{ rate_after: "2,555" }, "rate_after", "rateInvalid"],
    [{ amplitude_before: "400" }, "amplitude_before", "amplitudeInvalid"],
    [{ amplitude_after: "-5" }, "amplitude_after", "amplitudeInvalid"],
    [{ beat_error_before: "-1" }, "beat_error_before", "beatErrorInvalid"],
    [{ water_test_bar: "alta" }, "water_test_bar", "waterBarInvalid"],
    [{ water_test_result: "leak" }, "water_test_result", "waterResultInvalid"],
  ])("refuses %j with the field's error", async (fields, field, code) => {
    const { api } = await shopSession();
    const response = await api.create(repairInput(fields));
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toMatchObject({ [field]: code });
  });
});
