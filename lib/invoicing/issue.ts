import { createTranslator } from "next-intl";
import { CATALOGS } from "@/i18n/catalogs";
import type { Locale } from "@/i18n/config";
import { AppError } from "@/lib/errors";
import { Prisma, type InvoiceType, type ShopInvoicing } from "@/lib/generated/prisma/client";
import { dayIn, isoWithOffset } from "@/lib/time-zone";
import { annulmentFingerprint, issueFingerprint, type AnnulmentFields, type IssueFields } from "./fingerprint";
import { softwareBlock } from "./software";
import { vatBreakdown } from "./vat";

// Invoices issued as money is taken (issue 52, docs/invoicing.md), each in the
// payment's own transaction with its VERI*FACTU record: a simplified invoice
// (F2) for a deposit or a payment, a full one (F1) when the customer gives
// their tax details (and always over 400 €, VAT included, RD 1619/2012 art.
// 4.1: a repair is not among the services simplified up to 3,000 €), and a
// rectifying one by differences for a refund (R5 of a simplified invoice, R1
// of a full one). Numbers run per series and year without gaps; records run
// in one chain per shop and issuer tax id, each naming the one before.

type Tx = Prisma.TransactionClient;

/** The most a simplified invoice may be for a repair (VAT included). */
export const SIMPLIFIED_LIMIT = 400;

/** The customer's tax details, for a full invoice. */
export type InvoiceCustomer = { tax_id: string; name: string; address: string };

/** What an invoice says of the money and the repair it is for. */
export type InvoicedPayment = {
  id: string;
  kind: "deposit" | "payment" | "refund";
  amount: number;
  repair: { id: string; repairNumber: string; itemDescription: string; customerLanguage: Locale };
  /** The repair's total as the customer will pay it (its price, or what is paid when more): the 400 € rule. */
  serviceTotal: number;
  customer?: InvoiceCustomer;
};

/** An invoice line: what was sold, with VAT included. */
export type InvoiceLine = {
  description: string;
  quantity: number;
  unit_price: string;
  total: string;
  vat_rate: string;
};

const money = (cents: number) => (cents / 100).toFixed(2);
const cents = (amount: number) => Math.round(amount * 100);
/** A day (DD/MM/YYYY) as the agency's records and QR codes write it: DD-MM-YYYY. */
const recordDate = (day: string) => day.replaceAll("/", "-");
/** A stored calendar day (a DATE column, UTC midnight) as the records write it. */
export const recordDay = (date: Date) => recordDate(dayIn(date, "UTC"));

/**
 * The shop's invoicing when it is on (or, `evenOff`, when it was ever set),
 * its row locked: a shop's invoices and records are made one at a time.
 */
async function lockedInvoicing(tx: Tx, shopId: string, { evenOff = false } = {}) {
  const [settings] = await tx.$queryRaw<(ShopInvoicing & { timeZone: string })[]>`
    SELECT i.shop_id AS "shopId", i.enabled, i.legal_name AS "legalName", i.tax_id AS "taxId", i.address,
      i.series_simplified AS "seriesSimplified", i.series_full AS "seriesFull", i.series_rectifying AS "seriesRectifying",
      i.vat_rate AS "vatRate", i.environment::text AS environment, i.installation_number AS "installationNumber",
      s.time_zone AS "timeZone"
    FROM shop_invoicing i JOIN shops s ON s.id = i.shop_id
    WHERE i.shop_id = ${shopId}::uuid AND (i.enabled OR ${evenOff}) FOR UPDATE OF i`;
  return settings ?? null;
}

/** The next number of a series in a year, taken in this transaction (a failed one gives it back). */
async function nextNumber(tx: Tx, shopId: string, series: string, year: number) {
  const [{ last }] = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO invoice_counters (shop_id, series, year, last) VALUES (${shopId}::uuid, ${series}, ${year}, 1)
    ON CONFLICT (shop_id, series, year) DO UPDATE SET last = invoice_counters.last + 1
    RETURNING last`;
  return { seq: last, number: `${series}${year}/${String(last).padStart(6, "0")}` };
}

/** The invoice a refund corrects: the repair's latest invoice of money taken. */
async function correctedBy(tx: Tx, shopId: string, repairId: string) {
  const [last] = await tx.$queryRaw<{ id: string; type: InvoiceType; number: string; issuedOn: Date }[]>`
    SELECT id, type::text AS type, number, issued_on AS "issuedOn" FROM invoices
    WHERE shop_id = ${shopId}::uuid AND repair_id = ${repairId}::uuid AND type IN ('F1', 'F2')
    ORDER BY issued_at DESC, seq DESC LIMIT 1`;
  return last ?? null;
}

/**
 * Issues the invoice of a payment just written in `tx`, with its record,
 * when the shop invoices (null when it does not, or for a refund of money
 * taken before it did). Refused (422 fullInvoiceNeeded, nothing written)
 * when a repair over 400 € would get a simplified invoice.
 */
export async function invoicePayment(
  tx: Tx,
  actor: { shopId: string; userId: string },
  payment: InvoicedPayment,
  now: Date,
): Promise<{ id: string; number: string } | null> {
  const settings = await lockedInvoicing(tx, actor.shopId);
  if (!settings) return null;
  const refund = payment.kind === "refund";
  const corrects = refund ? await correctedBy(tx, actor.shopId, payment.repair.id) : null;
  if (refund && !corrects) return null;
  const full = refund ? corrects!.type === "F1" : Boolean(payment.customer);
  if (!refund && !full && payment.serviceTotal > SIMPLIFIED_LIMIT)
    throw new AppError("fullInvoiceNeeded", { fields: { customer: "fullInvoiceNeeded" } });
  const type: InvoiceType = refund ? (full ? "R1" : "R5") : full ? "F1" : "F2";
  const series = refund ? settings.seriesRectifying : full ? settings.seriesFull : settings.seriesSimplified;
  const day = dayIn(now, settings.timeZone);
  const year = Number(day.slice(6));
  const { seq, number } = await nextNumber(tx, actor.shopId, series, year);

  const locale = payment.repair.customerLanguage;
  const t = createTranslator({ locale, messages: CATALOGS[locale], namespace: "invoice" });
  const rate = Number(settings.vatRate);
  const totalCents = refund ? -cents(payment.amount) : cents(payment.amount);
  const description = t(`lines.${payment.kind}`, {
    item: payment.repair.itemDescription,
    number: payment.repair.repairNumber,
  });
  const lines: InvoiceLine[] = [
    { description, quantity: 1, unit_price: money(totalCents), total: money(totalCents), vat_rate: rate.toFixed(2) },
  ];
  const breakdown = vatBreakdown([{ totalCents, ratePercent: rate }]);
  const taxCents = breakdown.reduce((sum, part) => sum + part.taxCents, 0);
  const customer = full ? (payment.customer ?? (await customerOf(tx, corrects!.id))) : null;

  const [invoice] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO invoices (shop_id, repair_id, payment_id, type, series, year, seq, number, issued_at, issued_on,
      issuer_name, issuer_tax_id, issuer_address, customer_name, customer_tax_id, customer_address, language,
      lines, breakdown, tax_total, total, corrects_id, created_by_id)
    VALUES (${actor.shopId}::uuid, ${payment.repair.id}::uuid, ${payment.id}::uuid, ${type}::invoice_type, ${series},
      ${year}, ${seq}, ${number}, ${now}::timestamptz, to_date(${day}, 'DD/MM/YYYY'),
      ${settings.legalName}, ${settings.taxId}, ${settings.address},
      ${customer?.name ?? null}, ${customer?.tax_id ?? null}, ${customer?.address ?? null}, ${locale}::language,
      ${JSON.stringify(lines)}::jsonb,
      ${JSON.stringify(breakdown.map((part) => ({ vat_rate: part.ratePercent.toFixed(2), base: money(part.baseCents), tax: money(part.taxCents) })))}::jsonb,
      ${money(taxCents)}::numeric, ${money(totalCents)}::numeric, ${corrects?.id ?? null}::uuid, ${actor.userId}::uuid)
    RETURNING id`;

  await appendRecord(tx, settings, invoice.id, now, {
    kind: "issue",
    fields: {
      IDEmisorFactura: settings.taxId,
      NumSerieFactura: number,
      FechaExpedicionFactura: recordDate(day),
      TipoFactura: type,
      CuotaTotal: money(taxCents),
      ImporteTotal: money(totalCents),
      ...(customer ? { Destinatarios: [{ NombreRazon: customer.name, NIF: customer.tax_id }] } : {}),
      ...(corrects
        ? {
            TipoRectificativa: "I",
            FacturasRectificadas: [
              {
                IDEmisorFactura: settings.taxId,
                NumSerieFactura: corrects.number,
                FechaExpedicionFactura: recordDay(corrects.issuedOn),
              },
            ],
          }
        : {}),
      NombreRazonEmisor: settings.legalName,
    },
  });
  return { id: invoice.id, number };
}

/** The customer of a full invoice, for its rectifying one. */
async function customerOf(tx: Tx, invoiceId: string): Promise<InvoiceCustomer> {
  const [found] = await tx.$queryRaw<InvoiceCustomer[]>`
    SELECT customer_tax_id AS tax_id, customer_name AS name, customer_address AS address FROM invoices
    WHERE id = ${invoiceId}::uuid`;
  return found;
}

/** What a record hashes and writes besides the chain's two values (the previous fingerprint, the moment made). */
type Chained = "Huella" | "FechaHoraHusoGenRegistro";
type IssueRecordFields = Omit<IssueFields, Chained> & Record<string, unknown>;
type AnnulmentRecordFields = Omit<AnnulmentFields, Chained> & Record<string, unknown>;

/**
 * Adds a record to the shop's chain for the invoice's issuer tax id: after
 * the last one (or the first, PrimerRegistro), its fingerprint over the
 * values as written and the moment made, in the shop's time with its offset.
 * The shop's invoicing row is locked: records are made one at a time.
 */
async function appendRecord(
  tx: Tx,
  settings: ShopInvoicing & { timeZone: string },
  invoiceId: string,
  now: Date,
  record: { kind: "issue"; fields: IssueRecordFields } | { kind: "annulment"; fields: AnnulmentRecordFields },
) {
  const issuerTaxId = record.kind === "issue" ? record.fields.IDEmisorFactura : record.fields.IDEmisorFacturaAnulada;
  const [previous] = await tx.$queryRaw<{ id: string; chainSeq: number; fingerprint: string }[]>`
    SELECT id, chain_seq AS "chainSeq", fingerprint FROM invoice_records
    WHERE shop_id = ${settings.shopId}::uuid AND issuer_tax_id = ${issuerTaxId}
    ORDER BY chain_seq DESC LIMIT 1`;
  const generatedAt = isoWithOffset(now, settings.timeZone);
  const chained = { Huella: previous?.fingerprint ?? "", FechaHoraHusoGenRegistro: generatedAt };
  const fingerprint =
    record.kind === "issue"
      ? issueFingerprint({ ...record.fields, ...chained })
      : annulmentFingerprint({ ...record.fields, ...chained });
  // Several taxpayers on this server: more than one shop invoicing (IndicadorMultiplesOT).
  const [{ several }] = await tx.$queryRaw<{ several: boolean }[]>`
    SELECT count(*) > 1 AS several FROM (SELECT 1 FROM shop_invoicing WHERE enabled LIMIT 2) s`;
  const fields = { ...record.fields, SistemaInformatico: softwareBlock(settings.installationNumber, several) };
  await tx.$executeRaw`
    INSERT INTO invoice_records (shop_id, issuer_tax_id, chain_seq, kind, invoice_id, previous_id,
      previous_fingerprint, fingerprint, generated_at, installation_number, fields)
    VALUES (${settings.shopId}::uuid, ${issuerTaxId}, ${(previous?.chainSeq ?? 0) + 1},
      ${record.kind}::invoice_record_kind, ${invoiceId}::uuid, ${previous?.id ?? null}::uuid,
      ${previous?.fingerprint ?? null}, ${fingerprint}, ${generatedAt}, ${settings.installationNumber},
      ${JSON.stringify(fields)}::jsonb)`;
}

/**
 * A voided payment's invoice annulled (it was taken by mistake, docs/money.md):
 * an annulment record in the chain, in the void's transaction. Nothing when
 * the payment had no invoice or it is annulled already.
 */
export async function annulPaymentInvoice(tx: Tx, shopId: string, paymentId: string, now: Date): Promise<void> {
  const [invoice] = await tx.$queryRaw<{ id: string; number: string; issuedOn: Date; issuerTaxId: string }[]>`
    SELECT i.id, i.number, i.issued_on AS "issuedOn", i.issuer_tax_id AS "issuerTaxId" FROM invoices i
    WHERE i.shop_id = ${shopId}::uuid AND i.payment_id = ${paymentId}::uuid
      AND NOT EXISTS (SELECT 1 FROM invoice_records r WHERE r.invoice_id = i.id AND r.kind = 'annulment')`;
  if (!invoice) return;
  // Annulled even if invoicing was turned off since: the invoice exists.
  const settings = (await lockedInvoicing(tx, shopId, { evenOff: true }))!;
  await appendRecord(tx, settings, invoice.id, now, {
    kind: "annulment",
    fields: {
      IDEmisorFacturaAnulada: invoice.issuerTaxId,
      NumSerieFacturaAnulada: invoice.number,
      FechaExpedicionFacturaAnulada: recordDay(invoice.issuedOn),
    },
  });
}
