import { z } from "zod";
import { successText } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { REPAIR_STATUSES } from "@/lib/repairs/workflow";
import { recordShopChanges } from "@/lib/activity/activity";
import { mailConfigured } from "./queue";

// The shop's notice switches (settings, Notices; changed by an owner):
// the three moments on by default, the two reminders and any other status off.

/** Statuses with a switch of their own are not among the "other" ones. */
export const OTHER_STATUSES = REPAIR_STATUSES.filter((s) => s !== "ready");

export const noticeSettingsSchema = z
  .object({
    received: z.boolean({ error: "invalidField" }),
    quote: z.boolean({ error: "invalidField" }),
    ready: z.boolean({ error: "invalidField" }),
    quote_expiring: z.boolean({ error: "invalidField" }),
    not_collected_days: z
      .number({ error: "daysInvalid" })
      .int({ error: "daysInvalid" })
      .min(1, { error: "daysInvalid" })
      .max(365, { error: "daysInvalid" })
      .nullable(),
    statuses: z.array(z.enum(OTHER_STATUSES, { error: "statusInvalid" })).max(OTHER_STATUSES.length),
    shop_answers: z.boolean({ error: "invalidField" }),
  })
  .partial();

const SELECT = {
  notifyReceived: true,
  notifyQuote: true,
  notifyReady: true,
  notifyQuoteExpiring: true,
  notifyNotCollectedDays: true,
  notifyStatuses: true,
  notifyShopAnswers: true,
  email: true,
} as const;

type Row = {
  notifyReceived: boolean;
  notifyQuote: boolean;
  notifyReady: boolean;
  notifyQuoteExpiring: boolean;
  notifyNotCollectedDays: number | null;
  notifyStatuses: string[];
  notifyShopAnswers: boolean;
  email: string | null;
};

const json = (shop: Row) => ({
  /** Whether this server can send email at all (SMTP_URL and MAIL_FROM). */
  mail_configured: mailConfigured(),
  received: shop.notifyReceived,
  quote: shop.notifyQuote,
  ready: shop.notifyReady,
  quote_expiring: shop.notifyQuoteExpiring,
  not_collected_days: shop.notifyNotCollectedDays,
  statuses: shop.notifyStatuses,
  /** The shop's own email on a customer's answer to a quote, sent to `shop_email` (shop details). */
  shop_answers: shop.notifyShopAnswers,
  shop_email: shop.email,
});
export type NoticeSettings = ReturnType<typeof json>;

export async function getNoticeSettings(client: PrismaClient, caller: { shopId: string }): Promise<NoticeSettings> {
  return json(await client.shop.findUniqueOrThrow({ where: { id: caller.shopId }, select: SELECT }));
}

export async function saveNoticeSettings(
  client: PrismaClient,
  caller: { shopId: string; userId: string },
  input: unknown,
) {
  const body = noticeSettingsSchema.parse(input);
  const shop = await client.$transaction(async (tx) => {
    const before = await tx.shop.findUniqueOrThrow({ where: { id: caller.shopId }, select: SELECT });
    const after = await tx.shop.update({
      where: { id: caller.shopId },
      data: {
        notifyReceived: body.received,
        notifyQuote: body.quote,
        notifyReady: body.ready,
        notifyQuoteExpiring: body.quote_expiring,
        notifyNotCollectedDays: body.not_collected_days,
        notifyStatuses: body.statuses ? [...new Set(body.statuses)] : undefined,
        notifyShopAnswers: body.shop_answers,
      },
      select: SELECT,
    });
    await recordShopChanges(tx, caller, json(before), json(after));
    return after;
  });
  return { ...json(shop), message: successText("noticesSaved") };
}
