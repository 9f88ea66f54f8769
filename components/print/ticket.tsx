"use client";

import type { Locale } from "@/i18n/config";
import { formatDate } from "@/lib/repairs/dates";
import { formatAmount } from "@/lib/repairs/money";
import { fieldText } from "@/lib/repairs/field-text";
import { fieldWriters } from "@/lib/repairs/value-text";
import { shownFields } from "@/lib/repairs/fields";
import type { RepairJson } from "@/lib/repairs/serialize";
import type { SignatureJson } from "@/lib/repairs/signatures";
import { dayIn } from "@/lib/time-zone";
import { getNonce } from "get-nonce";
import type { PrintFormat } from "./formats";
import type { useTranslations } from "next-intl";
import type { ShopDetails } from "@/lib/client/api";
import type { PaymentJson } from "@/lib/payments/kinds";
import { termsFor } from "@/lib/shop/terms";

// The same keys as the screens' own messages (i18n/global.d.ts), in the shop's language.
export type Translate = ReturnType<typeof useTranslations<never>>;
export type Loaded = {
  repair: RepairJson;
  shop: ShopDetails;
  signatures: SignatureJson[];
  payments: PaymentJson[];
  t: Translate;
  qr: string;
  language: Locale;
};

/** The receipt roll's page is as long as the receipt (CSS has no "auto" length for a page). */
const RECEIPT_MARGIN_MM = 4;
function fitReceiptPage(sheet: HTMLElement | null) {
  document.getElementById("receipt-page")?.remove();
  if (!sheet) return;
  const contentMm = Math.ceil((sheet.getBoundingClientRect().height * 25.4) / 96);
  const style = document.createElement("style");
  style.id = "receipt-page";
  const nonce = getNonce();
  if (nonce) style.nonce = nonce;
  style.textContent = `@page receipt { size: 80mm ${contentMm + 2 * RECEIPT_MARGIN_MM + 2}mm; }`;
  document.head.append(style);
}

/** Which copy a sheet is: the customer's, or the one the shop keeps. */
export type Copy = "customer" | "shop";

export function Ticket({
  repair,
  shop,
  signatures,
  payments,
  t,
  qr,
  format,
  language: locale,
  paymentReceipt,
  copies,
}: Loaded & { format: Exclude<PrintFormat, "tag">; paymentReceipt: boolean; copies: readonly Copy[] }) {
  const receipt = format === "receipt";
  const sheet = {
    a5: "sheet-a5 w-[132mm] text-[9pt]",
    a4: "sheet-a4 w-[180mm] text-[11pt]",
    receipt: "sheet-receipt w-[72mm] text-[9pt]",
  }[format];
  const facts = ticketFacts({ repair, shop, payments, t, locale });
  const pickedUp = repair.picked_up_at !== null;
  const signed = (stage: SignatureJson["stage"]) => signatures.find((s) => s.stage === stage);
  const intake = signed("intake");
  const terms = termsFor(shop.ticket_terms, locale, shop.language);
  const title = paymentReceipt ? t("print.paymentTitle") : pickedUp ? t("print.pickupTitle") : t("print.ticketTitle");
  const follow = (
    <div className="flex items-center gap-[3mm]">
      {/* A data: URL made here; next/image has nothing to add. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={qr} alt={t("print.qrAlt")} className={"h-[20mm] w-[20mm] shrink-0 [image-rendering:pixelated]"} />
      <div className="min-w-0">
        <p className="font-semibold">{t("print.follow")}</p>
        {/* An address is one long word: it alone may break anywhere. */}
        <p data-address className={`break-all font-mono ${receipt ? "" : "text-[0.9em]"}`}>
          {repair.status_url}
        </p>
      </div>
    </div>
  );
  return (
    <>
      {copies.map((copy, n) => (
        <article
          key={copy}
          ref={receipt && n === 0 ? fitReceiptPage : undefined}
          data-print-ready={n === 0 ? "" : undefined}
          data-copy={copy}
          lang={locale}
          className={`${sheet} flex flex-col gap-[2mm] bg-white leading-snug text-black shadow [overflow-wrap:break-word] print:shadow-none ${receipt ? "" : "p-[6mm] print:p-0"} ${n > 0 ? "break-before-page" : ""}`}
        >
          <header className={receipt ? "text-center" : ""}>
            <p className="text-[1.3em] font-bold">{shop.name}</p>
            {(shop.legal_name || shop.tax_id) && (
              <p>
                {[shop.legal_name, shop.tax_id && t("print.taxId", { id: shop.tax_id })].filter(Boolean).join(" · ")}
              </p>
            )}
            {shop.address && <p className="whitespace-pre-line">{shop.address}</p>}
            {shop.phone && <p>{shop.phone}</p>}
            {/* An address is one word: on a line of its own, broken only if longer than the line. */}
            {shop.email && (
              <p data-address className="[overflow-wrap:anywhere]">
                {shop.email}
              </p>
            )}
          </header>
          <div className={receipt ? "text-center" : ""}>
            <h1 className="font-semibold tracking-wide">
              {title} · {t(`print.copy.${copy}`)}
            </h1>
            <p className="text-[2em] font-bold leading-tight">{repair.repair_number}</p>
          </div>
          {/* Label and value run together, wrapped between words; on paper in two columns. */}
          <dl className={receipt ? "flex flex-col gap-[0.5mm]" : "columns-2 gap-x-[5mm]"}>
            {facts.map(([label, value]) => (
              <div key={label} className={receipt ? "" : "mb-[0.6mm] break-inside-avoid"}>
                <dt className="inline font-semibold">{label}: </dt>
                <dd className="inline whitespace-pre-line">{value}</dd>
              </div>
            ))}
          </dl>
          {follow}
          {terms && <p className={`whitespace-pre-line ${receipt ? "" : "text-[0.9em]"}`}>{terms}</p>}
          <div className={`grid gap-x-[4mm] gap-y-[3mm] ${format === "a4" ? "grid-cols-[60mm_60mm]" : "grid-cols-2"}`}>
            <SignatureLine label={t("print.signature")} signature={intake} t={t} timeZone={shop.time_zone} />
            <SignatureLine label={t("print.shopSignature")} name={intake?.taken_by} t={t} timeZone={shop.time_zone} />
            {pickedUp && (
              <SignatureLine
                label={t("print.pickupSignature")}
                signature={signed("pickup")}
                t={t}
                timeZone={shop.time_zone}
              />
            )}
          </div>
          <p className={receipt ? "" : "text-[0.9em]"}>{t("print.notInvoice")}</p>
        </article>
      ))}
    </>
  );
}

/**
 * What a ticket says of the repair, label and value, in the customer's
 * language: the customer, the item and the work asked for, its record, the
 * dates, the price as agreed, the warranty, and what was paid.
 */
function ticketFacts({
  repair,
  shop,
  payments,
  t,
  locale,
}: Pick<Loaded, "repair" | "shop" | "payments" | "t"> & { locale: Locale }): [string, string][] {
  const pickedUp = repair.picked_up_at !== null;
  const facts: [string, string][] = [
    [t("print.received"), dayIn(repair.created_at, shop.time_zone)],
    [t("print.customer"), repair.customer_name],
    ...(repair.customer_phone ? [[t("fields.customer_phone"), repair.customer_phone] as [string, string]] : []),
    [t("print.item"), `${t(`itemTypes.${repair.item_type}`)}: ${repair.item_description}`],
    ...recordLines(repair, t, locale),
    [t("print.deadline"), repair.deadline ? formatDate(repair.deadline) : "—"],
  ];
  // Under an earlier repair's warranty its "quote" of nothing is the warranty line's no charge.
  const covered = repair.under_warranty && repair.quote_amount === 0;
  if (repair.quote_amount !== null && repair.quote_status !== "denied" && !covered) {
    const state =
      repair.quote_status === "approved"
        ? t("print.quoteAccepted")
        : repair.quote_expires_at
          ? t("print.validUntil", { date: dayIn(repair.quote_expires_at, shop.time_zone) })
          : "";
    facts.push([t("print.quote"), [formatAmount(repair.quote_amount, locale), state].filter(Boolean).join(" · ")]);
  }
  if (pickedUp && repair.final_price !== null)
    facts.push([t("print.finalPrice"), formatAmount(repair.final_price, locale)]);
  facts.push([t("print.warranty"), warrantyText(repair, t)]);
  if (pickedUp)
    facts.push([
      t("print.collected"),
      [
        t("print.collectedBy", {
          name: repair.collected_by ?? repair.customer_name,
          date: dayIn(repair.picked_up_at!, shop.time_zone),
        }),
        repair.id_checked ? t("print.idChecked") : "",
      ]
        .filter(Boolean)
        .join(" · "),
    ]);
  // What was paid so far (voids left out), and what is left of what is due.
  const counted = payments.filter((p) => p.voided_at === null);
  for (const p of counted)
    facts.push([
      t("print.payment", {
        kind: p.discount ? `${t(`money.kinds.${p.kind}`)} (${t("money.discountMark")})` : t(`money.kinds.${p.kind}`),
        date: dayIn(p.created_at, shop.time_zone),
        method: t(`money.methods.${p.method}`),
      }),
      formatAmount(p.kind === "refund" ? -p.amount : p.amount, locale),
    ]);
  if (counted.length) facts.push([t("print.paid"), formatAmount(repair.paid_total, locale)]);
  if (repair.amount_due !== null)
    facts.push([t("print.leftToPay"), formatAmount(Math.max(repair.balance_due, 0), locale)]);
  return facts;
}

/** The warranty the shop gives on this repair, as its months say (a comeback's is the first repair's). */
function warrantyText(repair: RepairJson, t: Translate): string {
  if (repair.under_warranty) return t("print.warrantyComeback");
  if (repair.warranty_months === 0) return t("print.noWarranty");
  return t("print.warrantyTerms", { months: repair.warranty_months });
}

/** A signature as drawn (or a line to sign on), above its label and who signed when. */
function SignatureLine({
  label,
  signature,
  name,
  t,
  timeZone,
}: {
  label: string;
  signature?: SignatureJson;
  name?: string | null;
  t: Translate;
  timeZone: string;
}) {
  return (
    <div className="min-w-0">
      {signature ? (
        // Served by our own route; next/image would add nothing to a printed sheet.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={signature.url} alt={label} className="h-[14mm] w-auto max-w-full" />
      ) : (
        <div className="h-[10mm]" />
      )}
      <div className="border-t border-black pt-[1mm]">
        {label}
        {signature &&
          `: ${t("print.signedBy", { name: signature.signer_name, date: dayIn(signature.signed_at, timeZone) })}`}
        {!signature && name && `: ${name}`}
      </div>
    </div>
  );
}

/** The item's identity and condition as recorded at the counter (lib/repairs/fields.ts `show`), in the ticket's language. */
function recordLines(repair: RepairJson, t: Translate, locale: Locale): [string, string][] {
  const json = repair as unknown as Record<string, unknown>;
  const write = fieldWriters(t as (key: string) => string, (value) => formatAmount(value, locale), locale);
  return shownFields("ticket", null, repair.item_type).flatMap((column) => {
    const text = fieldText(column, json[column], write);
    return text === null ? [] : [[t(`fields.${column}` as never), text] as [string, string]];
  });
}
