import { createTranslator } from "next-intl";
import { CATALOGS } from "@/i18n/catalogs";
import type { Prisma, Repair } from "@/lib/generated/prisma/client";
import { escape } from "@/lib/html";
import { formatAmount } from "@/lib/repairs/money";
import { repairScreenUrl } from "@/lib/status-link/link";
import type { NoticeContent } from "./content";
import { mailConfigured } from "./queue";

// The shop hears a customer's answer (docs/customers.md): when the shop asked
// for it (settings, Customer notices) and has an address of its own (shop
// details), a customer's approval or refusal of a quote through the status
// link is emailed to the shop, in the shop's language, with the link to the
// repair's screen. Queued in the answer's own transaction, through the same
// outbox as the customers' notices; never counted against their hourly cap
// (it goes to the shop's own address, so it relays nothing).

type Tx = Prisma.TransactionClient;
export type Answer = "approved" | "denied";

/** The email to the shop about `repair`'s quote, just answered. */
export function renderShopAnswer(
  repair: Pick<Repair, "id" | "repairNumber" | "customerName" | "itemDescription" | "quoteAmount">,
  shop: { name: string; language: keyof typeof CATALOGS },
  answer: Answer,
): NoticeContent {
  const t = createTranslator({ locale: shop.language, messages: CATALOGS[shop.language], namespace: "shopNotices" });
  const values = {
    number: repair.repairNumber,
    customer: repair.customerName,
    description: repair.itemDescription,
    amount: repair.quoteAmount === null ? "" : formatAmount(Number(repair.quoteAmount), shop.language),
  };
  const subject = t(`subject.${answer}`, values);
  const lead = t(`body.${answer}`, values);
  const url = repairScreenUrl(repair.id);
  const why = t("why", { shop: shop.name });
  const text = [lead, "", t("open"), url, "", "-- ", why].join("\n");
  const html = [
    `<!doctype html><html lang="${shop.language}"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>`,
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c1917;line-height:1.5">`,
    `<p>${escape(lead)}</p>`,
    `<p style="overflow-wrap:anywhere;word-break:break-all">${escape(t("open"))}<br><a href="${escape(url)}">${escape(url)}</a></p>`,
    `<p style="color:#57534e;font-size:12px">${escape(why)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject, text, html };
}

/** Queues the shop's email about `repair`'s answered quote, if the shop asked for it; whether one was queued. */
export async function queueShopAnswer(tx: Tx, repair: Repair, answer: Answer): Promise<boolean> {
  if (!mailConfigured()) return false;
  const shop = await tx.shop.findUniqueOrThrow({
    where: { id: repair.shopId },
    select: { name: true, language: true, email: true, notifyShopAnswers: true },
  });
  if (!shop.notifyShopAnswers || !shop.email) return false;
  const content = renderShopAnswer(repair, shop, answer);
  await tx.notice.create({
    data: {
      shopId: repair.shopId,
      repairId: repair.id,
      event: "answered",
      status: answer,
      toEmail: shop.email,
      language: shop.language,
      subject: content.subject,
      textBody: content.text,
      htmlBody: content.html,
    },
  });
  return true;
}
