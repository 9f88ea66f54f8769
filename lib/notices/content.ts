import { createTranslator } from "next-intl";
import type { Locale } from "@/i18n/config";
import { CATALOGS } from "@/i18n/catalogs";
import { formatAmount } from "@/lib/repairs/money";
import type { ItemType, RepairStatus } from "@/lib/repairs/workflow";
import { dayIn, dayTimeIn } from "@/lib/time-zone";
import { escape } from "@/lib/html";
import type { ShopContact } from "@/lib/shop/details";

// A notice's email, made when it is queued, in the customer's language: plain
// text and simple HTML with the same words, the shop's name and contact, the
// repair number, the item, the status in the customer's words and the status
// link. No tracking pixel, no image, nothing fetched from elsewhere.

export const NOTICE_EVENTS = ["received", "quote", "ready", "quote_expiring", "not_collected", "status"] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

export type NoticeFacts = {
  event: NoticeEvent;
  language: Locale;
  customerName: string;
  repairNumber: string;
  itemType: ItemType;
  itemDescription: string;
  status: RepairStatus;
  statusUrl: string;
  /** The quote, with what it covers (its notes). */
  quote?: { amount: number; expiresAt: Date | null; notes?: string | null };
  /** What is left to pay on collection (lib/repairs/balance.ts, leftToPay): said when more than nothing. */
  due?: number | null;
  /** received: the other items left in the same visit (their numbers and descriptions). */
  alsoLeft?: { repairNumber: string; itemDescription: string }[];
  /** not_collected: since when the item has been ready. */
  readySince?: Date;
  shop: ShopContact;
};

export type NoticeContent = { subject: string; text: string; html: string };

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** What an email and a chat message both say: the greeting, the news, the status, the hours, the link. */
function noticeParts(facts: NoticeFacts) {
  const t = createTranslator({ locale: facts.language, messages: CATALOGS[facts.language], namespace: "notices" });
  const customer = createTranslator({ locale: facts.language, messages: CATALOGS[facts.language] });
  const zone = facts.shop.timeZone;
  const yourItem = t(`yourItem.${facts.itemType}`);
  const status = customer(`statusPage.statuses.${facts.status}`);
  const values = {
    shop: facts.shop.name,
    number: facts.repairNumber,
    yourItem,
    YourItem: capitalize(yourItem),
    gender: t(`gender.${facts.itemType}`),
    description: facts.itemDescription,
    status,
    amount: facts.quote ? formatAmount(facts.quote.amount, facts.language) : "",
    date:
      facts.event === "not_collected" && facts.readySince
        ? dayIn(facts.readySince, zone)
        : facts.quote?.expiresAt
          ? dayTimeIn(facts.quote.expiresAt, zone)
          : "",
  };
  // What the quote covers, with the quote; what there is to pay, when the item is ready.
  const extra = [
    facts.quote?.notes && (facts.event === "quote" || facts.event === "quote_expiring")
      ? t("covers", { notes: facts.quote.notes })
      : "",
    facts.due != null && facts.due > 0 && facts.event === "ready"
      ? t("due", { amount: formatAmount(facts.due, facts.language) })
      : "",
    facts.alsoLeft?.length && facts.event === "received"
      ? t("alsoLeft", {
          items: facts.alsoLeft.map((item) => `${item.repairNumber} (${item.itemDescription})`).join("; "),
        })
      : "",
  ].filter(Boolean);
  return {
    t,
    subject: t(`subject.${facts.event}`, values),
    greeting: t("greeting", { name: facts.customerName }),
    lead: [t(`body.${facts.event}`, values), ...extra].join("\n"),
    status: t("status", { status }),
    hours:
      facts.shop.openingHours && (facts.event === "ready" || facts.event === "not_collected")
        ? [t("hours"), facts.shop.openingHours]
        : [],
  };
}

/** The same news as a chat message (WhatsApp): no footer, the shop's name signs it. */
export function renderChat(facts: NoticeFacts): string {
  const { t, greeting, lead, status, hours } = noticeParts(facts);
  return [
    greeting,
    "",
    lead,
    status,
    ...(hours.length ? ["", ...hours] : []),
    "",
    t("follow"),
    facts.statusUrl,
    "",
    facts.shop.name,
  ].join("\n");
}

export function renderNotice(facts: NoticeFacts): NoticeContent {
  const parts = noticeParts(facts);
  const { t, subject, lead, hours } = parts;
  const contact = [facts.shop.address, facts.shop.phone, facts.shop.email].filter((x): x is string => !!x);

  const text = [
    parts.greeting,
    "",
    lead,
    parts.status,
    ...(hours.length ? ["", ...hours] : []),
    "",
    t("follow"),
    facts.statusUrl,
    "",
    "-- ",
    facts.shop.name,
    ...contact,
    "",
    t("why", { shop: facts.shop.name }),
  ].join("\n");

  const paragraph = (body: string) => `<p>${escape(body).replace(/\r?\n/g, "<br>")}</p>`;
  const link = escape(facts.statusUrl);
  const html = [
    `<!doctype html><html lang="${facts.language}"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>`,
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c1917;line-height:1.5">`,
    paragraph(parts.greeting),
    paragraph(lead),
    `<p><strong>${escape(parts.status)}</strong></p>`,
    hours.length ? paragraph(hours.join("\n")) : "",
    // The link breaks anywhere, so a phone's narrow screen wraps it instead of scrolling sideways.
    `<p style="overflow-wrap:anywhere;word-break:break-all">${escape(t("follow"))}<br><a href="${link}">${link}</a></p>`,
    `<p>${[facts.shop.name, ...contact].map(escape).join("<br>")}</p>`,
    `<p style="color:#57534e;font-size:12px">${escape(t("why", { shop: facts.shop.name }))}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject, text, html };
}
