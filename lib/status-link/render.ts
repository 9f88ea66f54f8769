import { createTranslator } from "next-intl";
import { LOCALES, type Locale } from "@/i18n/config";
import { CATALOGS } from "@/i18n/catalogs";
import { formatDate } from "@/lib/repairs/dates";
import { formatAmount } from "@/lib/repairs/money";
import { fieldText } from "@/lib/repairs/field-text";
import { fieldWriters } from "@/lib/repairs/value-text";
import { awaitsQuoteAnswer, type RepairStatus } from "@/lib/repairs/workflow";
import { dayTimeIn } from "@/lib/time-zone";
import type { StatusPageData } from "./page";
import { escape } from "@/lib/html";

// The status page as plain HTML: no script at all, forms for the answers, a
// small stylesheet allowed by its nonce. Every text from the database goes
// through escape().

const translator = (locale: Locale) => createTranslator({ locale, messages: CATALOGS[locale] });
type T = ReturnType<typeof translator>;

/** Free text as written: its line breaks kept. */
const lines = (text: string) => escape(text).replace(/\r?\n/g, "<br>");

/** The progress line's steps, and where each status stands on it. */
const STEPS = ["received", "diagnosing", "quote", "repairing", "ready", "collected"] as const;
const STEP_OF: Record<RepairStatus, number> = {
  sent: -1,
  received: 0,
  diagnosing: 1,
  quoting: 2,
  approved: 3,
  in_progress: 3,
  in_repair: 3,
  outsourced: 3,
  ready: 4,
  picked_up: 5,
  denied: 2,
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#f5f5f4}
main{max-width:36rem;margin:0 auto;padding:1rem}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem;align-items:baseline}
.shop{font-weight:600;font-size:1.1rem;margin:0}
nav a{color:#44403c;margin-left:.5rem}
nav a[aria-current]{font-weight:600;text-decoration:none;color:#1c1917}
h1{font-size:1.5rem;margin:1rem 0 .25rem}
section{background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;padding:1rem;margin:1rem 0}
h2{font-size:1rem;margin:0 0 .5rem}
.status{font-size:1.25rem;font-weight:600;margin:0}
ol{list-style:none;padding:0;margin:1rem 0 0;display:grid;grid-template-columns:repeat(6,1fr);gap:.25rem}
li{font-size:.75rem;text-align:center;color:#78716c;border-top:4px solid #e7e5e4;padding-top:.25rem}
@media (max-width:30rem){ol{grid-template-columns:repeat(3,1fr);row-gap:.75rem}}
li.done{border-color:#15803d;color:#1c1917}
li.now{border-color:#b45309;color:#1c1917;font-weight:600}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{color:#57534e}
dd{margin:0;overflow-wrap:anywhere}
.amount{font-size:1.25rem;font-weight:600}
form{display:inline}
.answers{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1rem}
button{font:inherit;font-weight:600;border-radius:.5rem;padding:.75rem 1rem;min-height:44px;border:1px solid #a8a29e;background:#fff;color:#1c1917;cursor:pointer}
button.primary{background:#15803d;border-color:#15803d;color:#fff}
.note{color:#57534e;font-size:.875rem;margin:.5rem 0 0}
.state{font-weight:600;margin:.5rem 0 0}
address{font-style:normal}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
a{color:#1d4ed8}
`;

function page(locale: Locale, title: string, nonce: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer">
<title>${escape(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function languageSwitch(t: T, current: Locale): string {
  const links = LOCALES.map((locale) => {
    const mark = locale === current ? ' aria-current="true"' : ` hreflang="${locale}"`;
    return `<a href="?lang=${locale}" lang="${locale}"${mark}>${escape(translator(locale)(`languages.${locale}`))}</a>`;
  });
  return `<nav aria-label="${escape(t("statusPage.language"))}">${links.join("")}</nav>`;
}

function progress(t: T, status: RepairStatus): string {
  const at = STEP_OF[status];
  const items = STEPS.map((step, i) => {
    const state = i < at || (i === at && status === "picked_up") ? "done" : i === at ? "now" : "";
    const hidden = state === "done" ? t("statusPage.stepDone") : state === "now" ? t("statusPage.stepCurrent") : "";
    const suffix = hidden ? `<span class="sr"> (${escape(hidden)})</span>` : "";
    return `<li class="${state}"${state === "now" ? ' aria-current="step"' : ""}>${escape(t(`statusPage.steps.${step}`))}${suffix}</li>`;
  });
  return `<ol aria-label="${escape(t("statusPage.progress"))}">${items.join("")}</ol>`;
}

function quoteSection(t: T, data: StatusPageData, locale: Locale, action: string): string {
  const quote = data.quote;
  // Under an earlier repair's warranty the work costs nothing: said so, not as a quote of nothing accepted.
  if (data.underWarranty && (!quote || quote.amount === 0)) {
    const until = data.underWarranty.until;
    const covered = until ? `<p>${escape(t("statusPage.coveredUntil", { date: formatDate(until) }))}</p>` : "";
    return section(t("statusPage.quote"), `<p class="state">${escape(t("statusPage.underWarranty"))}</p>${covered}`);
  }
  if (!quote || quote.status === "denied" || quote.status === "no_response") {
    return quote?.status === "denied"
      ? section(t("statusPage.quote"), `<p class="state">${escape(t("statusPage.quoteDeclined"))}</p>`)
      : "";
  }
  const zone = data.shop.timeZone;
  const facts = [
    `<dt>${escape(t("statusPage.quoteAmount"))}</dt><dd class="amount">${escape(formatAmount(quote.amount, locale))}</dd>`,
    quote.notes ? `<dt>${escape(t("statusPage.quoteNotes"))}</dt><dd>${lines(quote.notes)}</dd>` : "",
    quote.expiresAt && (quote.status === "pending" || quote.status === "sent")
      ? `<dt>${escape(t("statusPage.quoteValidUntil"))}</dt><dd>${escape(dayTimeIn(quote.expiresAt, zone))}</dd>`
      : "",
  ].join("");
  let answer = "";
  if (quote.status === "approved") answer = `<p class="state">${escape(t("statusPage.quoteApproved"))}</p>`;
  else if (quote.status === "expired" && quote.expiresAt)
    answer = `<p class="state">${escape(t("statusPage.quoteExpired", { date: dayTimeIn(quote.expiresAt, zone) }))}</p>`;
  else if (quote.status === "pending" && !awaitsQuoteAnswer(data.status))
    answer = `<p class="state">${escape(t("statusPage.quoteMovedOn"))}</p>`;
  else if (quote.status === "pending")
    answer = `<div class="answers">
<form method="post" action="${action}"><input type="hidden" name="answer" value="approve"><input type="hidden" name="lang" value="${locale}"><button class="primary" type="submit">${escape(t("statusPage.approve"))}</button></form>
<form method="post" action="${action}"><input type="hidden" name="answer" value="decline"><input type="hidden" name="lang" value="${locale}"><button type="submit">${escape(t("statusPage.decline"))}</button></form>
</div><p class="note">${escape(t("statusPage.answerHint"))}</p>`;
  return section(t("statusPage.quote"), `<dl>${facts}</dl>${answer}`);
}

const section = (title: string, body: string) => `<section><h2>${escape(title)}</h2>${body}</section>`;

function contact(t: T, shop: StatusPageData["shop"]): string {
  const parts = [
    shop.address ? `<p>${lines(shop.address)}</p>` : "",
    shop.phone ? `<p><a href="tel:${escape(shop.phone.replace(/[^\d+]/g, ""))}">${escape(shop.phone)}</a></p>` : "",
    shop.email ? `<p><a href="mailto:${escape(shop.email)}">${escape(shop.email)}</a></p>` : "",
  ].join("");
  return parts ? section(t("statusPage.contact"), `<address>${parts}</address>`) : "";
}

/** What was paid and what is left to pay, once there is either. */
function moneySection(t: T, data: StatusPageData, locale: Locale): string {
  if (data.paid === 0 && data.leftToPay === null) return "";
  const facts = [
    `<dt>${escape(t("statusPage.paid"))}</dt><dd>${escape(formatAmount(data.paid, locale))}</dd>`,
    data.leftToPay !== null && data.leftToPay > 0
      ? `<dt>${escape(t("statusPage.leftToPay"))}</dt><dd><strong>${escape(formatAmount(data.leftToPay, locale))}</strong></dd>`
      : "",
  ].join("");
  return section(t("statusPage.payments"), `<dl>${facts}</dl>`);
}

/** The item's identity and condition as recorded at the counter, in the page's language. */
function recordFacts(t: T, data: StatusPageData, locale: Locale): string[] {
  const write = fieldWriters(t as (key: string) => string, (value) => formatAmount(value, locale), locale);
  return data.record.flatMap(([column, value]) => {
    const text = fieldText(column, value, write);
    return text === null ? [] : [`<dt>${escape(t(`fields.${column}` as never))}</dt><dd>${lines(text)}</dd>`];
  });
}

/** The page for a repair's link, in `locale`; `action` is the page's own path (the forms post to it). */
export function renderStatusPage(data: StatusPageData, locale: Locale, nonce: string, action: string): string {
  const t = translator(locale);
  const title = t("statusPage.title", { number: data.repairNumber });
  const facts = [
    `<dt>${escape(t("statusPage.item"))}</dt><dd>${escape(t(`itemTypes.${data.itemType}`))}: ${lines(data.itemDescription)}</dd>`,
    ...recordFacts(t, data, locale),
    data.deadline ? `<dt>${escape(t("statusPage.deadline"))}</dt><dd>${escape(formatDate(data.deadline))}</dd>` : "",
  ].join("");
  const body = [
    `<header><p class="shop">${escape(data.shop.name)}</p>${languageSwitch(t, locale)}</header>`,
    `<h1>${escape(title)}</h1>`,
    `<section><h2>${escape(t("statusPage.status"))}</h2><p class="status">${escape(t(`statusPage.statuses.${data.status}`))}</p>${progress(t, data.status)}</section>`,
    `<section><dl>${facts}</dl></section>`,
    quoteSection(t, data, locale, action),
    data.finalPrice !== null
      ? section(t("statusPage.finalPrice"), `<p class="amount">${escape(formatAmount(data.finalPrice, locale))}</p>`)
      : "",
    moneySection(t, data, locale),
    data.status === "ready" && data.shop.openingHours
      ? section(t("statusPage.openingHours"), `<p>${lines(data.shop.openingHours)}</p>`)
      : "",
    contact(t, data.shop),
  ].join("\n");
  return page(locale, `${title} · ${data.shop.name}`, nonce, body);
}

/** The one answer for every link that does not work, whatever the reason. */
export function renderNotFound(locale: Locale, nonce: string): string {
  const t = translator(locale);
  return page(
    locale,
    t("statusPage.notFoundTitle"),
    nonce,
    `<h1>${escape(t("statusPage.notFoundTitle"))}</h1><section><p>${escape(t("statusPage.notFound"))}</p></section>`,
  );
}

/** A page with one message: too many lookups from one address, or the database out of reach. */
export function renderMessage(locale: Locale, nonce: string, message: "tooMany" | "unavailable"): string {
  const t = translator(locale);
  const text = escape(t(`statusPage.${message}`));
  return page(
    locale,
    t(`statusPage.${message}Title`),
    nonce,
    `<h1>${escape(t(`statusPage.${message}Title`))}</h1><section><p>${text}</p></section>`,
  );
}
