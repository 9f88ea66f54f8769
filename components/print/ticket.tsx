"use client";

import { Fragment } from "react";
import type { SignatureJson } from "@/lib/repairs/signatures";
import { dayIn } from "@/lib/time-zone";
import { getNonce } from "get-nonce";
import type { PrintFormat } from "./formats";
import { termsFor } from "@/lib/shop/terms";
import { ticketFacts, visitItemFacts, type Loaded, type Translate } from "./ticket-facts";
export type { Loaded, Translate } from "./ticket-facts";

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
  visit,
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
  // The intake's receipt of a visit lists every item left in it, under one signature.
  const together = pickedUp || paymentReceipt ? [] : visit.filter((item) => item.id !== repair.id);
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
            {together.length > 0 && (
              <p>
                {t("print.visitItems", { count: together.length + 1 })}{" "}
                {/* A number is one word: the list breaks only after its commas. */}
                {visit.map((item, i) => (
                  <Fragment key={item.id}>
                    {i > 0 && ", "}
                    <span className="whitespace-nowrap">{item.repair_number}</span>
                  </Fragment>
                ))}
              </p>
            )}
          </div>
          {/* Label and value run together, wrapped between words; on paper in two columns. */}
          <FactList facts={facts} receipt={receipt} />
          {together.map((item) => (
            // On paper an item is never cut across two pages.
            <section key={item.id} className="break-inside-avoid border-t border-black pt-[1mm]">
              <h2 className="font-bold">{item.repair_number}</h2>
              <FactList facts={visitItemFacts(item, shop, t, locale)} receipt={receipt} />
            </section>
          ))}
          {follow}
          {terms && <p className={`whitespace-pre-line ${receipt ? "" : "text-[0.9em]"}`}>{terms}</p>}
          <div
            className={`grid break-inside-avoid gap-x-[4mm] gap-y-[3mm] ${format === "a4" ? "grid-cols-[60mm_60mm]" : "grid-cols-2"}`}
          >
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

/** Facts as label and value run together, wrapped between words; on paper in two columns. */
function FactList({ facts, receipt }: { facts: [string, string][]; receipt: boolean }) {
  return (
    <dl className={receipt ? "flex flex-col gap-[0.5mm]" : "columns-2 gap-x-[5mm]"}>
      {facts.map(([label, value]) => (
        <div key={label} className={receipt ? "" : "mb-[0.6mm] break-inside-avoid"}>
          <dt className="inline font-semibold">{label}: </dt>
          <dd className="inline whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
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
