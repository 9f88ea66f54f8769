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
}: Loaded & { format: Exclude<PrintFormat, "tag">; paymentReceipt: boolean }) {
  const receipt = format === "receipt";
  const sheet = {
    a5: "sheet-a5 w-[128mm] text-[10pt]",
    a4: "sheet-a4 w-[180mm] text-[11pt]",
    receipt: "sheet-receipt w-[72mm] text-[9pt]",
  }[format];
  const facts: [string, string][] = [
    [t("print.received"), dayIn(repair.created_at, shop.time_zone)],
    [t("print.customer"), repair.customer_name],
    [t("print.item"), `${t(`itemTypes.${repair.item_type}`)}: ${repair.item_description}`],
    ...recordLines(repair, t, locale),
    [t("print.deadline"), repair.deadline ? formatDate(repair.deadline) : "—"],
  ];
  if (repair.quote_amount !== null && repair.quote_status !== "denied") {
    const until = repair.quote_expires_at
      ? ` · ${t("print.validUntil", { date: dayIn(repair.quote_expires_at, shop.time_zone) })}`
      : "";
    facts.push([t("print.quote"), `${formatAmount(repair.quote_amount, locale)}${until}`]);
  }
  const pickedUp = repair.picked_up_at !== null;
  if (pickedUp && repair.final_price !== null)
    facts.push([t("print.finalPrice"), formatAmount(repair.final_price, locale)]);
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
        kind: t(`money.kinds.${p.kind}`),
        date: dayIn(p.created_at, shop.time_zone),
        method: t(`money.methods.${p.method}`),
      }),
      formatAmount(p.kind === "refund" ? -p.amount : p.amount, locale),
    ]);
  if (counted.length) facts.push([t("print.paid"), formatAmount(repair.paid_total, locale)]);
  if (repair.amount_due !== null)
    facts.push([t("print.leftToPay"), formatAmount(Math.max(repair.balance_due, 0), locale)]);
  const signed = (stage: SignatureJson["stage"]) => signatures.find((s) => s.stage === stage);
  const intake = signed("intake");
  return (
    <article
      ref={receipt ? fitReceiptPage : undefined}
      data-print-ready
      lang={locale}
      className={`${sheet} flex flex-col gap-[3mm] bg-white text-black shadow print:shadow-none ${receipt ? "" : "p-[6mm] print:p-0"}`}
    >
      <header className={receipt ? "text-center" : ""}>
        <p className="text-[1.4em] font-bold">{shop.name}</p>
        {(shop.legal_name || shop.tax_id) && (
          <p>{[shop.legal_name, shop.tax_id && t("print.taxId", { id: shop.tax_id })].filter(Boolean).join(" · ")}</p>
        )}
        {shop.address && <p className="whitespace-pre-line">{shop.address}</p>}
        <p>{[shop.phone, shop.email].filter(Boolean).join(" · ")}</p>
      </header>
      <div className={receipt ? "text-center" : "flex items-end justify-between gap-4"}>
        <div>
          <h1 className="text-[0.9em] font-semibold tracking-wide">
            {paymentReceipt ? t("print.paymentTitle") : pickedUp ? t("print.pickupTitle") : t("print.ticketTitle")}
          </h1>
          <p className="text-[2.4em] font-bold leading-tight [overflow-wrap:anywhere]">{repair.repair_number}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-[3mm] gap-y-[1mm]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="whitespace-pre-line [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <section className={`flex gap-[3mm] ${receipt ? "flex-col items-center text-center" : "items-center"}`}>
        {/* A data: URL made here; next/image has nothing to add. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={qr} alt={t("print.qrAlt")} className="h-[30mm] w-[30mm] [image-rendering:pixelated]" />
        <div>
          <p className="font-semibold">{t("print.follow")}</p>
          <p className="break-all font-mono text-[0.85em]">{repair.status_url}</p>
        </div>
      </section>
      {shop.ticket_terms && <p className="whitespace-pre-line text-[0.8em]">{shop.ticket_terms}</p>}
      <div className={`flex flex-wrap gap-x-[8mm] gap-y-[4mm] ${receipt ? "flex-col" : ""}`}>
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
      <p className="text-[0.75em]">{t("print.notInvoice")}</p>
    </article>
  );
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
    <div className="w-[60mm] max-w-full text-[0.85em]">
      {signature ? (
        // Served by our own route; next/image would add nothing to a printed sheet.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={signature.url} alt={label} className="h-[16mm] w-auto" />
      ) : (
        <div className="h-[8mm]" />
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
