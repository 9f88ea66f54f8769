import { describe, expect, it } from "vitest";
import { GET as customersRoute } from "@/app/api/repairs/customers/route";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// The new-repair form's lookup of earlier customers (issue 51): a name or a
// phone typed finds the customers of the shop's earlier repairs, newest
// first, each once, and only the shop's own.

withTestDatabase();

const lookup = async (token: string, q: string) =>
  (await (await customersRoute(authed(`/api/repairs/customers?q=${encodeURIComponent(q)}`, token))).json())
    .customers as { name: string; phone: string | null; email: string | null; language: string; repairs: number }[];

describe("GET /api/repairs/customers", () => {
  it("finds a returning customer by part of her name or phone, once however many repairs she has", async () => {
    const { api, token } = await shopSession();
    const montse = {
      customer_name: "Montserrat Ferrer i Soler",
      customer_phone: "+34 612 345 678",
      customer_email: "montse@example.com",
      customer_language: "ca",
    };
    await createRepair(api, montse);
    await createRepair(api, montse);
    await createRepair(api, { customer_name: "Montserrat Puig", customer_phone: "699 000 111" });
    await createRepair(api, { customer_name: "Pere Soler" });
    const other = await shopSession();
    await createRepair(other.api, { customer_name: "Montserrat Ferrer", customer_phone: "612 345 678" });

    const byName = await lookup(token, "Montse");
    expect(byName.map((c) => c.name)).toEqual(["Montserrat Puig", "Montserrat Ferrer i Soler"]);
    expect(byName[1]).toEqual({
      name: "Montserrat Ferrer i Soler",
      phone: "+34 612 345 678",
      email: "montse@example.com",
      language: "ca",
      repairs: 2,
    });
    expect((await lookup(token, "612345")).map((c) => c.name)).toEqual(["Montserrat Ferrer i Soler"]);
    expect((await lookup(token, "montse ferrer")).map((c) => c.name)).toEqual(["Montserrat Ferrer i Soler"]);
    // Too short to be of use, or nobody: nothing.
    expect(await lookup(token, "Mo")).toEqual([]);
    expect(await lookup(token, "Zacaries")).toEqual([]);
  });
});
