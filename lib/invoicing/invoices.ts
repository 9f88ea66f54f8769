import type { Invoice, PrismaClient } from "@/lib/generated/prisma/client";
import { assertRepairId, notFound } from "@/lib/repairs/queries";
import { recordDay } from "./issue";
import { invoiceCheckUrl, type InvoicingEnvironment } from "./qr-url";

// Reading the invoices issued (lib/invoicing/issue.ts) and their records.

/** An invoice as the API gives it, with its record and the address its QR code holds. */
function invoiceJson(
  invoice: Invoice,
  record: { fingerprint: string; previousFingerprint: string | null } | undefined,
  environment: InvoicingEnvironment,
  correctsNumber: string | null,
  annulled: boolean,
) {
  const total = Number(invoice.total);
  return {
    id: invoice.id,
    type: invoice.type,
    number: invoice.number,
    issued_at: invoice.issuedAt.toISOString(),
    issuer: { name: invoice.issuerName, tax_id: invoice.issuerTaxId, address: invoice.issuerAddress },
    customer: invoice.customerTaxId
      ? { name: invoice.customerName, tax_id: invoice.customerTaxId, address: invoice.customerAddress }
      : null,
    payment_id: invoice.paymentId,
    lines: invoice.lines,
    breakdown: invoice.breakdown,
    tax: Number(invoice.taxTotal),
    total,
    corrects: correctsNumber,
    /** Annulled by an annulment record (its payment was voided as a mistake). */
    annulled,
    qr_url: invoiceCheckUrl(environment, {
      taxId: invoice.issuerTaxId,
      number: invoice.number,
      issuedOn: recordDay(invoice.issuedOn),
      total: total.toFixed(2),
    }),
    record: record ? { huella: record.fingerprint, previous_huella: record.previousFingerprint } : null,
  };
}

/** GET /repairs/{id}/invoices: the repair's invoices, oldest first, each with its record. */
export async function repairInvoices(client: PrismaClient, shopId: string, repairId: string) {
  assertRepairId(repairId);
  const repair = await client.repair.findFirst({ where: { id: repairId, shopId }, select: { id: true } });
  if (!repair) throw notFound();
  const [invoices, settings] = await Promise.all([
    client.invoice.findMany({ where: { shopId, repairId }, orderBy: [{ issuedAt: "asc" }, { seq: "asc" }] }),
    client.shopInvoicing.findUnique({ where: { shopId }, select: { environment: true } }),
  ]);
  const records = await client.invoiceRecord.findMany({
    where: { shopId, invoiceId: { in: invoices.map((i) => i.id) } },
    select: { invoiceId: true, kind: true, fingerprint: true, previousFingerprint: true },
  });
  const recordOf = new Map(records.filter((r) => r.kind === "issue").map((r) => [r.invoiceId, r]));
  const annulled = new Set(records.filter((r) => r.kind === "annulment").map((r) => r.invoiceId));
  const numberOf = new Map(invoices.map((i) => [i.id, i.number]));
  return {
    invoices: invoices.map((invoice) =>
      invoiceJson(
        invoice,
        recordOf.get(invoice.id),
        settings?.environment ?? "test",
        invoice.correctsId ? (numberOf.get(invoice.correctsId) ?? null) : null,
        annulled.has(invoice.id),
      ),
    ),
  };
}
