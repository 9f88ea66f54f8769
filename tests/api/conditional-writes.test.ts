import { describe, expect, it } from "vitest";
import { GET as getRoute, PUT as putRoute } from "@/app/api/repairs/[id]/route";
import { PATCH as quoteRoute } from "@/app/api/repairs/[id]/quote/route";
import { PATCH as statusRoute } from "@/app/api/repairs/[id]/status/route";
import { POST as replaceRoute } from "@/app/api/repairs/[id]/status-link/route";
import { POST as payRoute } from "@/app/api/repairs/[id]/payments/route";
import { PATCH as bulkRoute } from "@/app/api/repairs/status/route";
import { POST as answerRoute } from "@/app/t/[token]/route";
import { db } from "@/lib/db";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// Staff never overwrite what changed since they opened a repair (issue 37,
// item 2): GET and every write answer with the repair's ETag; PUT, the
// status and the quote calls honour If-Match (412 repairChanged on a
// mismatch, nothing written); without If-Match they behave as the spec says.

withTestDatabase();

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
type Write = (id: string, token: string, ifMatch?: string) => Promise<Response>;
const header = (ifMatch?: string): Record<string, string> => (ifMatch === undefined ? {} : { "If-Match": ifMatch });

const WRITES: Record<string, Write> = {
  "PUT (an edit)": (id, token, ifMatch) =>
    putRoute(authed(`/api/repairs/${id}`, token, { notes: "Corona nova" }, "PUT", header(ifMatch)), ctx(id)),
  "PUT (the final price)": (id, token, ifMatch) =>
    putRoute(authed(`/api/repairs/${id}`, token, { final_price: "95,00" }, "PUT", header(ifMatch)), ctx(id)),
  "the status": (id, token, ifMatch) =>
    statusRoute(
      authed(`/api/repairs/${id}/status`, token, { status: "in_progress" }, "PATCH", header(ifMatch)),
      ctx(id),
    ),
  "the quote": (id, token, ifMatch) =>
    quoteRoute(
      authed(`/api/repairs/${id}/quote`, token, { amount: 120, expires_in_hours: 48 }, "PATCH", header(ifMatch)),
      ctx(id),
    ),
};

async function opened() {
  const session = await shopSession();
  const repair = await createRepair(session.api);
  const got = await getRoute(authed(`/api/repairs/${repair.id}`, session.token), ctx(repair.id));
  return { ...session, repair, etag: got.headers.get("etag")! };
}

/** What a stale write must leave as it was: the row and its history. */
async function stateOf(id: string) {
  const repair = await db().repair.findUniqueOrThrow({ where: { id } });
  const history = await db().statusHistory.count({ where: { repairId: id } });
  const events = await db().repairEvent.count({ where: { repairId: id } });
  return { repair, history, events };
}

describe("conditional writes (ETag and If-Match)", () => {
  it("answers GET with the repair's version as its ETag, and the version in the JSON", async () => {
    const { repair, etag } = await opened();
    expect(etag).toBe(`"${repair.version}"`);
    expect(repair.version).toBeGreaterThanOrEqual(1);
  });

  for (const [name, write] of Object.entries(WRITES)) {
    it(`${name}: goes through at the version shown, with the new ETag; refused 412 once another change came, writing nothing`, async () => {
      const { repair, token, etag } = await opened();
      const done = await write(repair.id, token, etag);
      expect(done.status).toBe(200);
      const after = await done.json();
      expect(after.version).toBeGreaterThan(repair.version);
      expect(done.headers.get("etag")).toBe(`"${after.version}"`);

      // The same screen, still showing the first version, tries again.
      const before = await stateOf(repair.id);
      const stale = await write(repair.id, token, etag);
      expect(stale.status).toBe(412);
      expect(await stale.json()).toEqual({
        error: "This repair changed since you opened it: it now shows what it is. Check it and try again.",
        code: "repairChanged",
      });
      expect(await stateOf(repair.id)).toEqual(before);

      // A weak tag never matches; several tags match if one does; `*` and no header put no condition.
      expect((await write(repair.id, token, `W/"${after.version}"`)).status).toBe(412);
      expect((await write(repair.id, token, `"999999", "${after.version}"`)).status).toBe(200);
      expect((await write(repair.id, token, "*")).status).toBe(200);
      expect((await write(repair.id, token)).status).toBe(200);
      expect((await write(repair.id, token, "not a tag")).status).toBe(412);
    });
  }

  it("refuses staff's Approve on a page opened before the customer declined by link: the history keeps the customer's answer", async () => {
    const { repair, token, api } = await opened();
    const quoted = await quoteRoute(
      authed(`/api/repairs/${repair.id}/quote`, token, { amount: 90.5, expires_in_hours: 72 }, "PATCH"),
      ctx(repair.id),
    );
    const shown = quoted.headers.get("etag")!;
    const link = (await quoted.json()).status_url.split("/t/")[1];
    const declined = await answerRoute(
      new Request(`http://localhost/t/${link}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: "198.51.100.7" },
        body: "answer=decline",
      }),
      { params: Promise.resolve({ token: link }) },
    );
    expect(declined.status).toBe(303);

    const approve = await statusRoute(
      authed(`/api/repairs/${repair.id}/status`, token, { status: "approved" }, "PATCH", { "If-Match": shown }),
      ctx(repair.id),
    );
    expect(approve.status).toBe(412);
    const now = await (await api.get(repair.id)).json();
    expect(now).toMatchObject({ status: "denied", quote_status: "denied" });
    const history = await db().statusHistory.findMany({
      where: { repairId: repair.id },
      orderBy: { changedAt: "asc" },
    });
    expect(history.map((h) => h.toStatus)).toEqual(["received", "quoting", "denied"]);
  });

  it("answers a new status link with the repair's new ETag", async () => {
    const { repair, token } = await opened();
    const replaced = await replaceRoute(authed(`/api/repairs/${repair.id}/status-link`, token, {}), ctx(repair.id));
    expect(replaced.status).toBe(200);
    const json = await replaced.json();
    expect(json.version).toBe(repair.version + 1);
    expect(replaced.headers.get("etag")).toBe(`"${json.version}"`);
  });

  it("counts every change to the row, whatever statement makes it; another shop's repair stays 404", async () => {
    const { repair, token, etag } = await opened();
    await db().$executeRaw`UPDATE repairs SET notes = 'by hand' WHERE id = ${repair.id}::uuid`;
    expect((await WRITES["the status"](repair.id, token, etag)).status).toBe(412);
    const other = await shopSession();
    expect((await WRITES["the status"](repair.id, other.token, `"${repair.version + 1}"`)).status).toBe(404);
    expect((await WRITES["the status"](repair.id, token, `"${repair.version + 1}"`)).status).toBe(200);
  });

  const pay = (id: string, token: string, ifMatch?: string) =>
    payRoute(
      authed(
        `/api/repairs/${id}/payments`,
        token,
        { kind: "payment", amount: "40,00", method: "cash" },
        "POST",
        header(ifMatch),
      ),
      ctx(id),
    );

  it("takes a payment at the version shown and answers the repair's version after it; refuses one made on a page that changed since", async () => {
    const { repair, token, etag } = await opened();
    const paid = await pay(repair.id, token, etag);
    expect(paid.status).toBe(201);
    const payment = await paid.json();
    const now = await db().repair.findUniqueOrThrow({ where: { id: repair.id } });
    expect(payment.repair_version).toBe(now.version);
    expect(paid.headers.get("etag")).toBe(`"${now.version}"`);
    expect(Number(now.paidTotal)).toBe(40);

    const before = await stateOf(repair.id);
    const stale = await pay(repair.id, token, etag);
    expect(stale.status).toBe(412);
    expect((await stale.json()).code).toBe("repairChanged");
    expect(await stateOf(repair.id)).toEqual(before);
    expect(await db().payment.count({ where: { repairId: repair.id } })).toBe(1);
    expect((await pay(repair.id, token)).status).toBe(201);
  });

  it("hands over on the version the payment left, so a colleague's change between the payment and the pickup is refused", async () => {
    const { repair, token, etag } = await opened();
    const pickup = (ifMatch: string) =>
      putRoute(
        authed(
          `/api/repairs/${repair.id}`,
          token,
          { status: "picked_up", collected_by: "Marta" },
          "PUT",
          header(ifMatch),
        ),
        ctx(repair.id),
      );
    const { repair_version } = await (await pay(repair.id, token, etag)).json();
    await db().$executeRaw`UPDATE repairs SET notes = 'a colleague' WHERE id = ${repair.id}::uuid`;
    expect((await pickup(`"${repair_version}"`)).status).toBe(412);
    expect((await db().repair.findUniqueOrThrow({ where: { id: repair.id } })).status).toBe("received");

    const { repair_version: next } = await (await pay(repair.id, token)).json();
    const handed = await pickup(`"${next}"`);
    expect(handed.status).toBe(200);
    expect(await handed.json()).toMatchObject({ status: "picked_up", collected_by: "Marta", paid_total: 80 });
  });

  it("changes several repairs only if each is still at the version the list shows (versions), else none", async () => {
    const { repair, token, api } = await opened();
    const second = await createRepair(api);
    const bulk = (versions?: Record<string, number>) =>
      bulkRoute(
        authed("/api/repairs/status", token, { ids: [repair.id, second.id], status: "ready", versions }, "PATCH"),
      );
    await db().$executeRaw`UPDATE repairs SET notes = 'a colleague' WHERE id = ${second.id}::uuid`;
    const shown = { [repair.id]: repair.version, [second.id]: second.version };
    const stale = await bulk(shown);
    expect(stale.status).toBe(412);
    expect((await stale.json()).code).toBe("repairChanged");
    const statuses = await db().repair.findMany({ where: { id: { in: [repair.id, second.id] } } });
    expect(statuses.map((r) => r.status)).toEqual(["received", "received"]);

    const fresh = { ...shown, [second.id]: second.version + 1 };
    const done = await bulk(fresh);
    expect(done.status).toBe(200);
    expect((await done.json()).repairs.map((r: { status: string }) => r.status)).toEqual(["ready", "ready"]);
    // A version that is not a number is a clear 400, not a crash.
    expect((await bulk({ [repair.id]: "x" } as never)).status).toBe(400);
  });
});
