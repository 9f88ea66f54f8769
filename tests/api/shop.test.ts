import { describe, expect, it } from "vitest";
import { POST as createSubaccount } from "@/app/api/auth/create-subaccount/route";
import { GET, PUT } from "@/app/api/shop/route";
import { authed, newOwner, signIn } from "../helpers/auth";
import { withTestDatabase } from "../helpers/test-database";
import { GET as activity } from "@/app/api/activity/route";

withTestDatabase();

const get = (token: string) => GET(authed("/api/shop", token));
const put = (token: string, body: unknown) => PUT(authed("/api/shop", token, body, "PUT"));

describe("GET and PUT /api/shop", () => {
  it("keeps the shop's details, editable by any of its accounts, and a shop created with its name alone has the rest empty", async () => {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    expect(await (await get(accessToken)).json()).toEqual({
      name: expect.stringMatching(/^Shop /),
      address: null,
      phone: null,
      email: null,
      opening_hours: null,
      ticket_terms: { en: null, es: null, ca: null },
      language: "en",
      time_zone: expect.any(String),
      ready_waiting_days: 7,
      legal_name: null,
      tax_id: null,
      repair_number_prefix: "R",
      next_repair_number: 1,
      deposit_percent: null,
      warranty_months: 3,
    });

    const details = {
      name: "Rellotgeria Vidal",
      address: "Carrer Major 12\n08001 Barcelona",
      phone: "+34 933 000 111",
      email: " Botiga@Vidal.CAT ",
      opening_hours: "Dl-Dv 10-14, 17-20",
      ticket_terms: { ca: "Les peces no recollides en 90 dies…" },
      language: "ca",
    };
    const saved = await put(accessToken, details);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      ...details,
      ticket_terms: { en: null, es: null, ca: "Les peces no recollides en 90 dies…" },
      email: "botiga@vidal.cat",
      time_zone: expect.any(String),
      ready_waiting_days: 7,
      legal_name: null,
      tax_id: null,
      repair_number_prefix: "R",
      next_repair_number: 1,
      deposit_percent: null,
      warranty_months: 3,
      message: "Shop details saved",
    });

    // A staff account of the same shop sees the same details; only an owner changes them.
    await createSubaccount(
      authed("/api/auth/create-subaccount", accessToken, {
        name: "Staff",
        email: `staff-${owner.email}`,
        password: "Another-Horse-42",
      }),
    );
    const staff = await signIn(`staff-${owner.email}`, "Another-Horse-42");
    expect((await (await get(staff.accessToken)).json()).address).toBe(details.address);
    const refused = await put(staff.accessToken, { phone: "", opening_hours: "Tancat a l'agost" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("ownerOnly");
    await put(accessToken, { phone: "", opening_hours: "Tancat a l'agost" });
    expect(await (await get(staff.accessToken)).json()).toMatchObject({
      phone: null,
      opening_hours: "Tancat a l'agost",
      name: "Rellotgeria Vidal",
    });

    // Another shop sees only its own.
    const other = await newOwner();
    const otherToken = (await signIn(other.email)).accessToken;
    expect((await (await get(otherToken)).json()).address).toBeNull();
  });

  it.each([
    [{ name: "" }, "name", "shopNameRequired"],
    [{ email: "not-an-email" }, "email", "emailInvalid"],
    [{ phone: "9".repeat(51) }, "phone", "textTooLong"],
    [{ ticket_terms: { es: "x".repeat(3001) } }, "ticket_terms.es", "textTooLong"],
    [{ ticket_terms: { fr: "Conditions" } }, "ticket_terms", "languageInvalid"],
    [{ ticket_terms: "Les peces…" }, "ticket_terms", "invalidField"],
    [{ address: 5 }, "address", "invalidField"],
    [{ language: "fr" }, "language", "languageInvalid"],
  ])("refuses %j clearly, changing nothing", async (body, field, code) => {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    const before = await (await get(accessToken)).json();
    const refused = await put(accessToken, body);
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields).toEqual({ [field]: code });
    expect(await (await get(accessToken)).json()).toEqual(before);
  });

  it("keeps the ticket terms of each language apart: one language sent changes that one, an empty text clears it, and the log names the language", async () => {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    await put(accessToken, { ticket_terms: { ca: "Condicions", es: "Condiciones" } });
    const saved = await put(accessToken, { ticket_terms: { en: " Terms ", ca: "" } });
    expect((await saved.json()).ticket_terms).toEqual({ en: "Terms", es: "Condiciones", ca: null });
    expect((await (await get(accessToken)).json()).ticket_terms).toEqual({ en: "Terms", es: "Condiciones", ca: null });
    const { entries } = await (await activity(authed("/api/activity", accessToken))).json();
    const changed = entries.find((e: { kind: string }) => e.kind === "shop_changed");
    expect(changed.detail.changes.map((c: { field: string }) => c.field).sort()).toEqual([
      "ticket_terms_ca",
      "ticket_terms_en",
    ]);
  });

  it("needs a signed-in caller", async () => {
    expect((await GET(new Request("http://localhost/api/shop"))).status).toBe(401);
  });
});
