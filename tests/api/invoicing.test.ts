import { describe, expect, it } from "vitest";
import { GET as invoicesRoute } from "@/app/api/repairs/[id]/invoices/route";
import { GET as listPaymentsRoute, POST as payRoute } from "@/app/api/repairs/[id]/payments/route";
import { GET as getInvoicingRoute, PUT as putInvoicingRoute } from "@/app/api/shop/invoicing/route";
import { POST as subaccountRoute } from "@/app/api/auth/create-subaccount/route";
import { db } from "@/lib/db";
import { forgetSettings } from "@/lib/env";
import { annulmentFingerprint, issueFingerprint } from "@/lib/invoicing/fingerprint";
import { POST as voidRoute } from "@/app/api/repairs/[id]/payments/[paymentId]/void/route";
import { authed, PASSWORD, signIn } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";
import { schemaErrors } from "../helpers/verifactu-schema";
import { recordXml, submissionXml } from "@/lib/invoicing/xml";

// Invoices issued as money is taken (issue 52, docs/invoicing.md): the
// shop's settings, a simplified invoice per payment, a full one over 400 €,
// a rectifying one per refund, numbers without gaps, and the VERI*FACTU
// records chained, each fingerprint the agency's own computation.

withTestDatabase();

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
const pay = (token: string, id: string, body: unknown) =>
  payRoute(authed(`/api/repairs/${id}/payments`, token, body), ctx({ id }));
const invoicesOf = async (token: string, id: string) =>
  (await invoicesRoute(authed(`/api/repairs/${id}/invoices`, token), ctx({ id }))).json();
const putInvoicing = (token: string, body: unknown) =>
  putInvoicingRoute(authed("/api/shop/invoicing", token, body, "PUT"));

const SETTINGS = {
  enabled: true,
  legal_name: "Rellotgeria Montserrat SL",
  tax_id: "b-12345674",
  address: "Carrer de la Diputació 245, 08007 Barcelona",
};

/** A shop that invoices, and a repair of it priced at `price`. */
async function invoicingShop(price = 120) {
  const session = await shopSession();
  const saved = await putInvoicing(session.token, SETTINGS);
  expect(saved.status).toBe(200);
  const repair = await createRepair(session.api, { final_price: price, item_description: "Omega Seamaster" });
  return { ...session, repair };
}

/** Every record of a shop's chain, in order. */
const chainOf = (shopId: string) => db().invoiceRecord.findMany({ where: { shopId }, orderBy: { chainSeq: "asc" } });

describe("invoicing", () => {
  it("is off until an owner turns it on with the issuer's name, tax id and address; staff may not", async () => {
    const { token, owner, api } = await shopSession();
    const off = await (await getInvoicingRoute(authed("/api/shop/invoicing", token))).json();
    expect(off).toMatchObject({
      enabled: false,
      series: { simplified: "T", full: "F", rectifying: "R" },
      vat_rate: 21,
    });
    expect(off.installation_number).toBeNull();
    // Off: a payment issues nothing.
    const repair = await createRepair(api, { final_price: 50 });
    const paid = await (await pay(token, repair.id, { kind: "payment", amount: 50, method: "cash" })).json();
    expect(paid.invoice_id).toBeNull();
    expect((await invoicesOf(token, repair.id)).invoices).toEqual([]);

    const incomplete = await putInvoicing(token, { enabled: true, legal_name: "Rellotgeria SL" });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.json()).toMatchObject({
      code: "invoicingIncomplete",
      fields: { tax_id: "invoicingIncomplete", address: "invoicingIncomplete" },
    });
    expect((await (await putInvoicing(token, { tax_id: "B12345675" })).json()).code).toBe("taxIdInvalid");
    const sameSeries = await putInvoicing(token, { series: { simplified: "T", full: "T", rectifying: "R" } });
    expect((await sameSeries.json()).code).toBe("invoiceSeriesInvalid");
    expect((await (await putInvoicing(token, { vat_rate: 21.005 })).json()).code).toBe("vatRateInvalid");

    const staffEmail = `staff-${Date.now()}@example.com`;
    await subaccountRoute(
      authed("/api/auth/create-subaccount", token, { name: "Jordi", email: staffEmail, password: PASSWORD }),
    );
    const staff = await signIn(staffEmail);
    expect((await putInvoicing(staff.accessToken, SETTINGS)).status).toBe(403);

    // A server that does not name the software's producer cannot invoice: the records must name it.
    const producer = process.env.VERIFACTU_PRODUCER_TAX_ID;
    delete process.env.VERIFACTU_PRODUCER_TAX_ID;
    forgetSettings();
    try {
      const noProducer = await putInvoicing(token, SETTINGS);
      expect(noProducer.status).toBe(422);
      expect((await noProducer.json()).code).toBe("invoicingNoProducer");
    } finally {
      process.env.VERIFACTU_PRODUCER_TAX_ID = producer;
      forgetSettings();
    }

    const on = await (await putInvoicing(token, SETTINGS)).json();
    expect(on).toMatchObject({ enabled: true, tax_id: "B12345674", legal_name: SETTINGS.legal_name });
    expect(on.installation_number).toMatch(/^\d{8}T\d{6}-[0-9A-F]{8}$/);
    // Made once: saving again keeps it.
    const again = await (await putInvoicing(token, { vat_rate: 10 })).json();
    expect(again).toMatchObject({ vat_rate: 10, installation_number: on.installation_number });
    await expect(
      db().$executeRaw`UPDATE shop_invoicing SET installation_number = 'X' WHERE shop_id = ${owner.shopId}::uuid`,
    ).rejects.toThrow(/never changed/);
  });

  it("gives a deposit and the payment at pickup two simplified invoices whose sum is the price, chained", async () => {
    const { token, repair, owner } = await invoicingShop(120);
    const deposit = await (await pay(token, repair.id, { kind: "deposit", amount: "50", method: "card" })).json();
    const rest = await (await pay(token, repair.id, { kind: "payment", amount: "70", method: "cash" })).json();
    expect(deposit.invoice_id).toEqual(expect.any(String));
    expect(rest.invoice_id).toEqual(expect.any(String));

    const { invoices } = await invoicesOf(token, repair.id);
    const year = new Date().getFullYear();
    expect(invoices.map((i: { type: string; number: string; total: number }) => [i.type, i.number, i.total])).toEqual([
      ["F2", `T${year}/000001`, 50],
      ["F2", `T${year}/000002`, 70],
    ]);
    expect(invoices.reduce((sum: number, i: { total: number }) => sum + i.total, 0)).toBe(120);
    // 50 € at 21 %: 41,32 of base and 8,68 of VAT; the lines say what was sold, in the customer's language.
    expect(invoices[0]).toMatchObject({
      issuer: { name: SETTINGS.legal_name, tax_id: "B12345674" },
      customer: null,
      tax: 8.68,
      breakdown: [{ vat_rate: "21.00", base: "41.32", tax: "8.68" }],
      lines: [{ description: `Advance on the repair of Omega Seamaster (${repair.repair_number})`, total: "50.00" }],
      payment_id: deposit.id,
    });
    expect(invoices[0].qr_url).toBe(
      `https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=T${year}%2F000001&fecha=${invoices[0].issued_at.slice(8, 10)}-${invoices[0].issued_at.slice(5, 7)}-${year}&importe=50.00`,
    );
    const listed = await (
      await listPaymentsRoute(authed(`/api/repairs/${repair.id}/payments`, token), ctx({ id: repair.id }))
    ).json();
    expect(listed.payments.map((p: { invoice_id: string }) => p.invoice_id)).toEqual([
      deposit.invoice_id,
      rest.invoice_id,
    ]);

    // The records: the first of the chain names none, the second the first; each fingerprint recomputed.
    const chain = await chainOf(owner.shopId);
    expect(chain.map((r) => [r.chainSeq, r.kind, r.previousId])).toEqual([
      [1, "issue", null],
      [2, "issue", chain[0].id],
    ]);
    expect(chain[1].previousFingerprint).toBe(chain[0].fingerprint);
    for (const record of chain) {
      const f = record.fields as Record<string, string>;
      expect(record.generatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect(record.fingerprint).toBe(
        issueFingerprint({
          IDEmisorFactura: f.IDEmisorFactura,
          NumSerieFactura: f.NumSerieFactura,
          FechaExpedicionFactura: f.FechaExpedicionFactura,
          TipoFactura: f.TipoFactura,
          CuotaTotal: f.CuotaTotal,
          ImporteTotal: f.ImporteTotal,
          Huella: record.previousFingerprint ?? "",
          FechaHoraHusoGenRegistro: record.generatedAt,
        }),
      );
    }
    expect(chain[0].fields).toMatchObject({ TipoFactura: "F2", CuotaTotal: "8.68", ImporteTotal: "50.00" });
    expect(invoices[1].record).toEqual({ huella: chain[1].fingerprint, previous_huella: chain[0].fingerprint });
  });

  it("asks for the customer's tax details over 400 €, writing nothing, and then issues a full invoice", async () => {
    const { token, repair, owner } = await invoicingShop(485);
    const refused = await pay(token, repair.id, { kind: "deposit", amount: 100, method: "card" });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: "fullInvoiceNeeded",
      fields: { customer: "fullInvoiceNeeded" },
    });
    expect(await db().payment.count({ where: { repairId: repair.id } })).toBe(0);
    expect(await db().invoiceCounter.count({ where: { shopId: owner.shopId } })).toBe(0);

    const bad = await pay(token, repair.id, {
      kind: "deposit",
      amount: 100,
      method: "card",
      customer: { tax_id: "12345678A", name: "Montserrat Ferrer", address: "Carrer Major 1" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ "customer.tax_id": "taxIdInvalid" });

    const customer = { tax_id: "12345678z", name: "Montserrat Ferrer i Soler", address: "Carrer Major 1, Sabadell" };
    const paid = await pay(token, repair.id, { kind: "deposit", amount: 100, method: "card", customer });
    expect(paid.status).toBe(201);
    const [invoice] = (await invoicesOf(token, repair.id)).invoices;
    expect(invoice).toMatchObject({
      type: "F1",
      number: `F${new Date().getFullYear()}/000001`,
      customer: { tax_id: "12345678Z", name: customer.name, address: customer.address },
    });
    const [record] = await chainOf(owner.shopId);
    expect(record.fields).toMatchObject({
      TipoFactura: "F1",
      Destinatarios: [{ NIF: "12345678Z", NombreRazon: customer.name }],
    });
  });

  it("gives a refund a rectifying invoice by differences that names the one it corrects", async () => {
    const { token, repair, owner } = await invoicingShop(120);
    await pay(token, repair.id, { kind: "payment", amount: 120, method: "card" });
    const refund = await pay(token, repair.id, { kind: "refund", amount: 20, method: "card", discount: true });
    expect(refund.status).toBe(201);
    const { invoices } = await invoicesOf(token, repair.id);
    const year = new Date().getFullYear();
    expect(
      invoices.map((i: { type: string; number: string; total: number; corrects: string | null }) => [
        i.type,
        i.number,
        i.total,
        i.corrects,
      ]),
    ).toEqual([
      ["F2", `T${year}/000001`, 120, null],
      ["R5", `R${year}/000001`, -20, `T${year}/000001`],
    ]);
    expect(invoices[1].breakdown).toEqual([{ vat_rate: "21.00", base: "-16.53", tax: "-3.47" }]);
    const chain = await chainOf(owner.shopId);
    expect(chain[1].fields).toMatchObject({
      TipoFactura: "R5",
      TipoRectificativa: "I",
      ImporteTotal: "-20.00",
      FacturasRectificadas: [{ NumSerieFactura: `T${year}/000001` }],
    });
  });

  it("annuls the invoice of a payment voided as a mistake with an annulment record in the chain", async () => {
    const { token, repair, owner } = await invoicingShop(120);
    const paid = await (await pay(token, repair.id, { kind: "payment", amount: 120, method: "card" })).json();
    const voided = await voidRoute(
      authed(`/api/repairs/${repair.id}/payments/${paid.id}/void`, token, { reason: "Cobrat dues vegades" }),
      ctx({ id: repair.id, paymentId: paid.id }),
    );
    expect(voided.status).toBe(200);
    const chain = await chainOf(owner.shopId);
    expect(chain.map((r) => [r.kind, r.invoiceId])).toEqual([
      ["issue", paid.invoice_id],
      ["annulment", paid.invoice_id],
    ]);
    const annulment = chain[1];
    const f = annulment.fields as Record<string, string>;
    expect(f).toMatchObject({
      IDEmisorFacturaAnulada: "B12345674",
      NumSerieFacturaAnulada: `T${new Date().getFullYear()}/000001`,
    });
    expect(annulment.previousFingerprint).toBe(chain[0].fingerprint);
    expect(annulment.fingerprint).toBe(
      annulmentFingerprint({
        IDEmisorFacturaAnulada: f.IDEmisorFacturaAnulada,
        NumSerieFacturaAnulada: f.NumSerieFacturaAnulada,
        FechaExpedicionFacturaAnulada: f.FechaExpedicionFacturaAnulada,
        Huella: chain[0].fingerprint,
        FechaHoraHusoGenRegistro: annulment.generatedAt,
      }),
    );
    // The invoice itself stays, as issued, said annulled.
    const { invoices } = await invoicesOf(token, repair.id);
    expect(invoices.map((i: { number: string; annulled: boolean }) => [i.number, i.annulled])).toEqual([
      [`T${new Date().getFullYear()}/000001`, true],
    ]);
  });

  it("writes every kind of record as the agency's schema wants it, chained by the invoices they name", async () => {
    const { token, api, repair, owner } = await invoicingShop(120);
    const deposit = await (await pay(token, repair.id, { kind: "deposit", amount: 50, method: "card" })).json();
    await pay(token, repair.id, { kind: "payment", amount: 70, method: "cash" });
    await pay(token, repair.id, { kind: "refund", amount: 20, method: "card", discount: true });
    await voidRoute(
      authed(`/api/repairs/${repair.id}/payments/${deposit.id}/void`, token, { reason: "Error" }),
      ctx({ id: repair.id, paymentId: deposit.id }),
    );
    const big = await createRepair(api, { final_price: 950, item_description: "Rolex <Datejust> & polsera" });
    const customer = { tax_id: "12345678Z", name: "Montserrat Ferrer & Fills", address: "Carrer Major 1" };
    await pay(token, big.id, { kind: "payment", amount: 950, method: "transfer", customer });
    await pay(token, big.id, { kind: "refund", amount: 50, method: "transfer" });

    const chain = await chainOf(owner.shopId);
    expect(chain.map((r) => [r.kind, (r.fields as { TipoFactura?: string }).TipoFactura ?? null])).toEqual([
      ["issue", "F2"],
      ["issue", "F2"],
      ["issue", "R5"],
      ["annulment", null],
      ["issue", "F1"],
      ["issue", "R1"],
    ]);
    const invoices = new Map((await db().invoice.findMany({ where: { shopId: owner.shopId } })).map((i) => [i.id, i]));
    const xml = submissionXml(
      { name: SETTINGS.legal_name, taxId: "B12345674" },
      chain.map((record, n) => recordXml(record, invoices.get(record.invoiceId)!, chain[n - 1] ?? null)),
    );
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain("<sf:PrimerRegistro>S</sf:PrimerRegistro>");
    expect(xml).toContain("<sf:NombreRazon>Montserrat Ferrer &amp; Fills</sf:NombreRazon>");
    expect(xml).toContain("Rolex &lt;Datejust&gt; &amp; polsera");
    expect(xml).toContain(
      "<sf:SistemaInformatico><sf:NombreRazon>Repair Desk test build</sf:NombreRazon><sf:NIF>89890001K</sf:NIF>",
    );
    // The checker does check: a record the schema does not allow is refused.
    expect(
      await schemaErrors(xml.replace("<sf:TipoHuella>01</sf:TipoHuella>", "<sf:TipoHuella>02</sf:TipoHuella>")),
    ).not.toEqual([]);
  });

  it("numbers 20 payments taken at once without gaps, and chains their records in the numbers' order", async () => {
    const { token, api, owner } = await invoicingShop();
    const repairs = await Promise.all(Array.from({ length: 20 }, () => createRepair(api, { final_price: 30 })));
    const answers = await Promise.all(
      repairs.map((r) => pay(token, r.id, { kind: "payment", amount: 30, method: "cash" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const invoices = await db().invoice.findMany({ where: { shopId: owner.shopId }, orderBy: { seq: "asc" } });
    expect(invoices.map((i) => i.seq)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    const chain = await chainOf(owner.shopId);
    expect(chain.map((r) => r.invoiceId)).toEqual(invoices.map((i) => i.id));
    chain.slice(1).forEach((record, n) => expect(record.previousFingerprint).toBe(chain[n].fingerprint));
  });

  it("keeps two shops' numbers and chains apart", async () => {
    const a = await invoicingShop();
    const b = await invoicingShop();
    await pay(a.token, a.repair.id, { kind: "payment", amount: 120, method: "cash" });
    await pay(b.token, b.repair.id, { kind: "payment", amount: 120, method: "cash" });
    const year = new Date().getFullYear();
    expect((await invoicesOf(a.token, a.repair.id)).invoices[0].number).toBe(`T${year}/000001`);
    expect((await invoicesOf(b.token, b.repair.id)).invoices[0].number).toBe(`T${year}/000001`);
    for (const shop of [a, b]) expect((await chainOf(shop.owner.shopId)).map((r) => r.chainSeq)).toEqual([1]);
    // Another shop's repair: not found.
    expect(
      (await invoicesRoute(authed(`/api/repairs/${a.repair.id}/invoices`, b.token), ctx({ id: a.repair.id }))).status,
    ).toBe(404);
  });

  it("refuses any change or deletion of an invoice or a record in the database itself", async () => {
    const { token, repair, owner } = await invoicingShop();
    await pay(token, repair.id, { kind: "payment", amount: 120, method: "cash" });
    const client = db();
    await expect(
      client.$executeRaw`UPDATE invoices SET total = 1 WHERE shop_id = ${owner.shopId}::uuid`,
    ).rejects.toThrow(/never changed or deleted/);
    await expect(client.$executeRaw`DELETE FROM invoices WHERE shop_id = ${owner.shopId}::uuid`).rejects.toThrow(
      /never changed or deleted/,
    );
    await expect(
      client.$executeRaw`UPDATE invoice_records SET fingerprint = 'X' WHERE shop_id = ${owner.shopId}::uuid`,
    ).rejects.toThrow(/never changed or deleted/);
    await expect(client.$executeRaw`DELETE FROM invoice_records WHERE shop_id = ${owner.shopId}::uuid`).rejects.toThrow(
      /never changed or deleted/,
    );
    expect(await client.invoiceRecord.count({ where: { shopId: owner.shopId } })).toBe(1);
  });
});
