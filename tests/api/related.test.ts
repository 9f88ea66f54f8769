import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/repairs/[id]/related/route";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// The customer's other repairs (issue 17, part 4): the same phone however it
// is written, or the same email however it is cased, within the shop, newest
// first, never the repair itself.

withTestDatabase();

const related = async (token: string, id: string) => {
  const response = await GET(authed(`/api/repairs/${id}/related`, token), { params: Promise.resolve({ id }) });
  return { status: response.status, body: await response.json() };
};

describe("GET /api/repairs/{id}/related", () => {
  it("finds the same phone or email, written differently, newest first, in the shop only", async () => {
    const { api, token } = await shopSession();
    const stranger = await shopSession();
    const first = await createRepair(api, { repair_number: "R-A", customer_phone: "+34 600 123 456" });
    const byEmail = await createRepair(api, { repair_number: "R-B", customer_email: "Joana@Example.com" });
    const both = await createRepair(api, {
      repair_number: "R-C",
      customer_phone: "600123456",
      customer_email: "joana@example.com",
    });
    await createRepair(api, { repair_number: "R-D", customer_phone: "600 123 457" });
    await createRepair(api, { repair_number: "R-E" });
    await createRepair(stranger.api, { repair_number: "R-F", customer_phone: "0034 600-123-456" });

    const fromBoth = await related(token, both.id);
    expect(fromBoth.status).toBe(200);
    expect(fromBoth.body.repairs.map((r: { repair_number: string }) => r.repair_number)).toEqual(["R-B", "R-A"]);
    expect(fromBoth.body.repairs[0]).toEqual({
      id: byEmail.id,
      repair_number: "R-B",
      item_type: "other",
      item_description: byEmail.item_description,
      status: "received",
      created_at: byEmail.created_at,
    });
    expect((await related(token, first.id)).body.repairs.map((r: { id: string }) => r.id)).toEqual([both.id]);
    // Another shop's repair with the same phone is never shown, nor reachable.
    const other = await related(stranger.token, both.id);
    expect(other.status).toBe(404);
  });

  it("matches nothing on a phone too short to tell customers apart, or without phone and email", async () => {
    const { api, token } = await shopSession();
    const a = await createRepair(api, { customer_phone: "12-34" });
    await createRepair(api, { customer_phone: "1234" });
    const none = await createRepair(api, {});
    await createRepair(api, {});
    expect((await related(token, a.id)).body.repairs).toEqual([]);
    expect((await related(token, none.id)).body.repairs).toEqual([]);
  });
});
