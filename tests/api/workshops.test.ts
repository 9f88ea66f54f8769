import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { GET as listWorkshops, POST as createWorkshop } from "@/app/api/workshops/route";
import { DELETE as deleteWorkshop, PUT as putWorkshop } from "@/app/api/workshops/[id]/route";
import { PATCH as statusRoute } from "@/app/api/repairs/[id]/status/route";
import { PATCH as bulkRoute } from "@/app/api/repairs/status/route";
import { GET as historyRoute } from "@/app/api/repairs/[id]/history/route";
import { POST as exportRoute } from "@/app/api/export/excel/route";
import { db } from "@/lib/db";
import { dayIn } from "@/lib/time-zone";
import { MAX_WORKSHOPS } from "@/lib/workshops/workshops";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// Outside workshops (issue 17, part 2): the shop's list, sending a repair out
// with its details, bringing it back, and what the list and export show.

withTestDatabase();

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const workshops = (token: string) => ({
  list: () => listWorkshops(authed("/api/workshops", token)),
  create: (body: unknown) => createWorkshop(authed("/api/workshops", token, body)),
  update: (id: string, body: unknown) => putWorkshop(authed(`/api/workshops/${id}`, token, body, "PUT"), ctx(id)),
  remove: (id: string) => deleteWorkshop(authed(`/api/workshops/${id}`, token, undefined, "DELETE"), ctx(id)),
});
const setStatus = (token: string, id: string, body: unknown) =>
  statusRoute(authed(`/api/repairs/${id}/status`, token, body, "PATCH"), ctx(id));

async function newWorkshop(token: string, name: string) {
  const response = await workshops(token).create({ name, contact: "+34 933 000 000", notes: "Quartz only" });
  expect(response.status).toBe(201);
  return (await response.json()).workshop as { id: string; name: string };
}

/** A day as DD/MM/YYYY, `days` from today in the shop's zone. */
const dayFrom = (days: number, zone = "Europe/Madrid") => dayIn(new Date(Date.now() + days * 86_400_000), zone);

describe("the shop's outside workshops", () => {
  it("are listed by name, named once whatever the capitals, and only the shop's own", async () => {
    const { token } = await shopSession();
    const other = await shopSession();
    const api = workshops(token);
    await newWorkshop(token, "Relojería Puig");
    await newWorkshop(token, "Atelier Bosch");
    const taken = await api.create({ name: "  relojería puig " });
    expect(taken.status).toBe(409);
    expect((await taken.json()).fields).toEqual({ name: "workshopNameTaken" });
    const blank = await api.create({ name: " " });
    expect(blank.status).toBe(400);
    expect((await blank.json()).fields).toEqual({ name: "workshopNameRequired" });
    // Another shop may use the same name, and sees none of these.
    await newWorkshop(other.token, "Relojería Puig");
    const listed = (await (await api.list()).json()).workshops;
    expect(listed.map((w: { name: string }) => w.name)).toEqual(["Atelier Bosch", "Relojería Puig"]);
    expect(listed[0]).toMatchObject({ contact: "+34 933 000 000", notes: "Quartz only" });
    expect((await (await workshops(other.token).list()).json()).workshops).toHaveLength(1);
  });

  it("are at most 100 a shop", async () => {
    const { token, owner } = await shopSession();
    await db().workshop.createMany({
      data: Array.from({ length: MAX_WORKSHOPS }, (_, i) => ({ shopId: owner.shopId, name: `Workshop ${i}` })),
    });
    const refused = await workshops(token).create({ name: "One more" });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error).toBe("A shop can keep up to 100 workshops");
  });

  it("are changed and deleted by their own shop only", async () => {
    const { token } = await shopSession();
    const other = await shopSession();
    const mine = await newWorkshop(token, "Engravers Ltd");
    expect((await workshops(other.token).update(mine.id, { name: "Mine now" })).status).toBe(404);
    expect((await workshops(other.token).remove(mine.id)).status).toBe(404);
    expect((await workshops(token).update("nope", { name: "x" })).status).toBe(404);
    const renamed = await workshops(token).update(mine.id, { name: "Engravers & Co", contact: "" });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).workshop).toMatchObject({ name: "Engravers & Co", contact: null });
    expect((await workshops(token).remove(mine.id)).status).toBe(200);
    expect((await (await workshops(token).list()).json()).workshops).toEqual([]);
  });
});

describe("sending a repair out and bringing it back", () => {
  it("records the workshop, the dates, the cost and tracking; back, the return", async () => {
    const { token, api } = await shopSession();
    const workshop = await newWorkshop(token, "Relojería Puig");
    const repair = await createRepair(api, { status: "in_repair" });
    const sent = await setStatus(token, repair.id, {
      status: "outsourced",
      send_out: { workshop_id: workshop.id, expected_back: dayFrom(10), cost: "45,50", tracking: " PK-778 " },
    });
    expect(sent.status).toBe(200);
    const out = await sent.json();
    const [d, m, y] = dayFrom(0).split("/");
    expect(out).toMatchObject({
      status: "outsourced",
      outsourced_to: "Relojería Puig",
      workshop_id: workshop.id,
      sent_out_on: `${y}-${m}-${d}T00:00:00.000Z`,
      outsource_cost: 45.5,
      outsource_tracking: "PK-778",
      returned_at: null,
    });
    // Deleting a workshop with an item there is refused.
    const refused = await workshops(token).remove(workshop.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe("Repairs are at this workshop now: bring them back before deleting it");

    const history = await (
      await historyRoute(authed(`/api/repairs/${repair.id}/history`, token), ctx(repair.id))
    ).json();
    // The change and what came with it: the status first, then where it went.
    expect(history.history.slice(0, 2)).toMatchObject([
      { kind: "status", from: "in_repair", to: "outsourced" },
      { kind: "sent_out", detail: "Relojería Puig", by: expect.stringMatching(/^Owner \d+$/) },
    ]);

    const back = await (await setStatus(token, repair.id, { status: "ready" })).json();
    expect(back.returned_at).not.toBeNull();
    expect(Date.now() - Date.parse(back.returned_at)).toBeLessThan(60_000);
    expect(back.status_since).toBe(back.returned_at);
    // Once back, the workshop may go; the repair keeps where it was.
    expect((await workshops(token).remove(workshop.id)).status).toBe(200);
    const kept = await (await api.get(repair.id)).json();
    expect(kept).toMatchObject({ outsourced_to: "Relojería Puig", workshop_id: null, outsource_tracking: "PK-778" });
  });

  it("takes the date sent in the shop's time zone and refuses a return before it", async () => {
    const { token, api, owner } = await shopSession();
    // Kiritimati is UTC+14: its today is often UTC's tomorrow.
    await db().shop.update({ where: { id: owner.shopId }, data: { timeZone: "Pacific/Kiritimati" } });
    const workshop = await newWorkshop(token, "Far Away Co");
    const repair = await createRepair(api, {});
    const out = await (
      await setStatus(token, repair.id, { status: "outsourced", send_out: { workshop_id: workshop.id } })
    ).json();
    const [d, m, y] = dayFrom(0, "Pacific/Kiritimati").split("/");
    expect(out.sent_out_on).toBe(`${y}-${m}-${d}T00:00:00.000Z`);
    expect(out.expected_back_on).toBeNull();

    const early = await setStatus(token, repair.id, {
      status: "outsourced",
      send_out: { workshop_id: workshop.id, sent_on: "10/03/2026", expected_back: "09/03/2026" },
    });
    expect(early.status).toBe(400);
    expect((await early.json()).fields).toEqual({ "send_out.expected_back": "expectedBackBeforeSent" });
    const wrongDate = await setStatus(token, repair.id, {
      status: "outsourced",
      send_out: { workshop_id: workshop.id, sent_on: "31/02/2026" },
    });
    expect((await wrongDate.json()).fields).toEqual({ "send_out.sent_on": "sentOnInvalid" });
    // New details for an item already out change them, with no status change recorded.
    const moved = await (
      await setStatus(token, repair.id, {
        status: "outsourced",
        send_out: { workshop_id: workshop.id, sent_on: "10/03/2026", expected_back: "20/03/2026" },
      })
    ).json();
    expect(moved).toMatchObject({
      sent_out_on: "2026-03-10T00:00:00.000Z",
      expected_back_on: "2026-03-20T00:00:00.000Z",
    });
    expect(await db().statusHistory.count({ where: { repairId: repair.id } })).toBe(2);
  });

  it("refuses another shop's workshop, a send-out with another status, and changes nothing", async () => {
    const { token, api } = await shopSession();
    const other = await shopSession();
    const theirs = await newWorkshop(other.token, "Theirs");
    const mine = await newWorkshop(token, "Mine");
    const repair = await createRepair(api, {});
    const stolen = await setStatus(token, repair.id, { status: "outsourced", send_out: { workshop_id: theirs.id } });
    expect(stolen.status).toBe(404);
    expect((await stolen.json()).error).toBe("Workshop not found");
    const mixed = await setStatus(token, repair.id, { status: "ready", send_out: { workshop_id: mine.id } });
    expect(mixed.status).toBe(400);
    expect((await mixed.json()).fields).toEqual({ send_out: "sendOutNeedsOutsourced" });
    const none = await setStatus(token, repair.id, { status: "outsourced", send_out: {} });
    expect((await none.json()).fields).toEqual({ "send_out.workshop_id": "workshopRequired" });
    const unchanged = await (await api.get(repair.id)).json();
    expect(unchanged).toMatchObject({ status: "received", workshop_id: null, outsourced_to: null });
    expect(await db().statusHistory.count({ where: { repairId: repair.id } })).toBe(1);
  });

  it("sends several out at once, and the edit form sends one out too", async () => {
    const { token, api } = await shopSession();
    const workshop = await newWorkshop(token, "Bulk Works");
    const a = await createRepair(api, {});
    const b = await createRepair(api, {});
    const moved = await bulkRoute(
      authed(
        "/api/repairs/status",
        token,
        { ids: [a.id, b.id], status: "outsourced", send_out: { workshop_id: workshop.id, expected_back: dayFrom(3) } },
        "PATCH",
      ),
    );
    expect(moved.status).toBe(200);
    for (const repair of (await moved.json()).repairs)
      expect(repair).toMatchObject({ status: "outsourced", outsourced_to: "Bulk Works", workshop_id: workshop.id });
    const c = await createRepair(api, {});
    const edited = await api.update(c.id, {
      status: "outsourced",
      outsourced_to: "typed by hand",
      send_out: { workshop_id: workshop.id, tracking: "T-1" },
    });
    expect(await edited.json()).toMatchObject({ outsourced_to: "Bulk Works", outsource_tracking: "T-1" });
  });

  it("filters the list by workshop (any, or one) and by overdue back, and exports the fields", async () => {
    const { token, api } = await shopSession();
    const puig = await newWorkshop(token, "Puig");
    const bosch = await newWorkshop(token, "Bosch");
    const late = await createRepair(api, { customer_name: "Late" });
    const onTime = await createRepair(api, { customer_name: "On time" });
    const home = await createRepair(api, { customer_name: "Home" });
    await setStatus(token, late.id, {
      status: "outsourced",
      send_out: { workshop_id: puig.id, sent_on: dayFrom(-9), expected_back: dayFrom(-1), cost: 30 },
    });
    await setStatus(token, onTime.id, {
      status: "outsourced",
      send_out: { workshop_id: bosch.id, expected_back: dayFrom(5), tracking: "=1+1" },
    });
    const names = async (query: string) =>
      ((await (await api.list(query)).json()).repairs as { customer_name: string }[]).map((r) => r.customer_name);
    expect(await names("?workshop=any")).toEqual(["On time", "Late"]);
    expect(await names(`?workshop=${puig.id}`)).toEqual(["Late"]);
    expect(await names("?queue=workshop_overdue")).toEqual(["Late"]);
    expect(await names(`?workshop=${bosch.id}&queue=workshop_overdue`)).toEqual([]);
    expect((await api.list("?workshop=nope")).status).toBe(400);
    expect(home.status).toBe("received");

    const exported = await exportRoute(
      authed("/api/export/excel", token, {
        fields: [
          "repair_number",
          "sent_out_on",
          "expected_back_on",
          "outsource_cost",
          "outsource_tracking",
          "returned_at",
        ],
      }),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      "Repair number",
      "Sent to workshop on",
      "Expected back from workshop",
      "Workshop cost",
      "Tracking number",
      "Back from workshop on",
    ]);
    const rowsByNumber = new Map(
      sheet
        .getSheetValues()
        .slice(2)
        .map((row) => [(row as unknown[])[1], (row as unknown[]).slice(1)]),
    );
    const [d, m, y] = dayFrom(-1).split("/").map(Number);
    const lateRow = rowsByNumber.get(late.repair_number)!;
    expect(lateRow[2]).toEqual(new Date(Date.UTC(y, m - 1, d)));
    expect(lateRow[3]).toBe(30);
    expect(rowsByNumber.get(onTime.repair_number)![4]).toBe("=1+1");
    expect(sheet.getColumn(4).numFmt).toBe('#,##0.00 "€"');
    expect(sheet.getColumn(2).numFmt).toBe("dd/mm/yyyy");
  });
});
