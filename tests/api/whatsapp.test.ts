import { describe, expect, it } from "vitest";
import { GET as whatsappRoute } from "@/app/api/repairs/[id]/whatsapp/route";
import { POST as paymentRoute } from "@/app/api/repairs/[id]/payments/route";
import { PUT as putShop } from "@/app/api/shop/route";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// "Send by WhatsApp" (docs/customers.md): the repair's news as a notice would
// give it, in the customer's language with the status link, as a wa.me link.

withTestDatabase();

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const linkOf = async (token: string, id: string) =>
  whatsappRoute(authed(`/api/repairs/${id}/whatsapp`, token), ctx(id));

describe("GET /api/repairs/{id}/whatsapp", () => {
  it("gives a Spanish mobile written without 34 a link with the news in the customer's language: what is left to pay and the status link", async () => {
    const { api, token } = await shopSession();
    await putShop(authed("/api/shop", token, { name: "Rellotgeria Ferrer" }, "PUT"));
    const repair = await createRepair(api, {
      customer_name: "Montse",
      customer_phone: "612 34 56 78",
      customer_language: "ca",
      item_type: "watch",
    });
    await paymentRoute(
      authed(`/api/repairs/${repair.id}/payments`, token, { kind: "deposit", amount: "30,50", method: "cash" }),
      ctx(repair.id),
    );
    await api.update(repair.id, { final_price: 120 });
    expect((await api.status(repair.id, "ready")).status).toBe(200);

    const response = await linkOf(token, repair.id);
    expect(response.status).toBe(200);
    const { url } = await response.json();
    const link = new URL(url);
    expect(`${link.origin}${link.pathname}`).toBe("https://wa.me/34612345678");
    const text = link.searchParams.get("text")!;
    expect(text).toMatch(/^Hola, Montse:/);
    expect(text).toContain("El vostre rellotge és a punt");
    expect(text).toMatch(/Import a pagar en la recollida: 89,50\s€/);
    expect(text).toContain(repair.status_url);
    expect(text.trim().endsWith("Rellotgeria Ferrer")).toBe(true);
  });

  it("gives no link for a fixed line or no phone, and another shop's repair is not found", async () => {
    const { api, token } = await shopSession();
    const fixed = await createRepair(api, { customer_phone: "+34 933 112 233" });
    expect(await (await linkOf(token, fixed.id)).json()).toEqual({ url: null });
    const none = await createRepair(api);
    expect(await (await linkOf(token, none.id)).json()).toEqual({ url: null });
    const other = await shopSession();
    expect((await linkOf(other.token, fixed.id)).status).toBe(404);
  });
});
