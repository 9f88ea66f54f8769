import type { Locale } from "@/i18n/config";
import { formatDate } from "@/lib/repairs/dates";
import { formatAmount } from "@/lib/repairs/money";
import { fieldText } from "@/lib/repairs/field-text";
import { fieldWriters } from "@/lib/repairs/value-text";
import { shownFields } from "@/lib/repairs/fields";
import type { RepairJson } from "@/lib/repairs/serialize";
import { dayIn } from "@/lib/time-zone";
import type { useTranslations } from "next-intl";
import type { ShopDetails } from "@/lib/client/api";
import type { PaymentJson } from "@/lib/payments/kinds";
import type { SignatureJson } from "@/lib/repairs/signatures";

// What a ticket says, label and value, in the customer's language.

// The same keys as the screens' own messages (i18n/global.d.ts), in the shop's language.
export type Translate = ReturnType<typeof useTranslations<never>>;
export type Loaded = {
  repair: RepairJson;
  /** Every item left in the repair's visit, in the order left (the repair alone when it has none): the intake's receipt lists them. */
  visit: RepairJson[];
  shop: ShopDetails;
  signatures: SignatureJson[];
  payments: PaymentJson[];
  t: Translate;
  qr: string;
  language: Locale;
};

/**
 * What a ticket says of the repair, label and value, in the customer's
 * language: the customer, the item and the work asked for, its record, the
 * dates, the price as agreed, the warranty, and what was paid.
 */
export function ticketFacts({
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
    ...itemFacts(repair, shop, t, locale),
  ];
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

/** What a ticket says of the item itself: what it is, its record, the date expected and the quote. */
export function itemFacts(repair: RepairJson, shop: Loaded["shop"], t: Translate, locale: Locale): [string, string][] {
  const facts: [string, string][] = [
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
  return facts;
}

/** What the receipt of a visit says of each other item left in it: the item, its warranty, what was paid on it. */
export function visitItemFacts(
  repair: RepairJson,
  shop: Loaded["shop"],
  t: Translate,
  locale: Locale,
): [string, string][] {
  const facts: [string, string][] = [
    ...itemFacts(repair, shop, t, locale),
    [t("print.warranty"), warrantyText(repair, t)],
  ];
  if (repair.paid_total !== 0) facts.push([t("print.paid"), formatAmount(repair.paid_total, locale)]);
  return facts;
}

/** The warranty the shop gives on this repair, as its months say (a comeback's is the first repair's). */
export function warrantyText(repair: RepairJson, t: Translate): string {
  if (repair.under_warranty) return t("print.warrantyComeback");
  if (repair.warranty_months === 0) return t("print.noWarranty");
  return t("print.warrantyTerms", { months: repair.warranty_months });
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
