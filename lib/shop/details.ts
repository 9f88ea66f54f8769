import type { Locale } from "@/i18n/config";
import { AppError, successText } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { recordShopChanges } from "@/lib/activity/activity";
import { shopDetailsSchema } from "./schema";
import { ticketTermsOf } from "./terms";

type Caller = { shopId: string };

/** How a customer reaches the shop, and its clock: what the status page, tickets and notices show. */
export type ShopContact = {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  openingHours: string | null;
  timeZone: string;
};

const SELECT = {
  name: true,
  address: true,
  phone: true,
  email: true,
  openingHours: true,
  ticketTerms: true,
  language: true,
  timeZone: true,
  readyWaitingDays: true,
  legalName: true,
  taxId: true,
  repairNumberPrefix: true,
  nextRepairNumber: true,
  depositPercent: true,
  warrantyMonths: true,
} as const;

function detailsJson(shop: {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  openingHours: string | null;
  ticketTerms: unknown;
  language: Locale;
  timeZone: string;
  readyWaitingDays: number;
  legalName: string | null;
  taxId: string | null;
  repairNumberPrefix: string;
  nextRepairNumber: number;
  depositPercent: number | null;
  warrantyMonths: number;
}) {
  return {
    name: shop.name,
    address: shop.address,
    phone: shop.phone,
    email: shop.email,
    opening_hours: shop.openingHours,
    /** By language (lib/shop/terms.ts): printed in the customer's. */
    ticket_terms: ticketTermsOf(shop.ticketTerms),
    language: shop.language,
    /** Read only here (PUT /settings changes it): tickets print their dates in it. */
    time_zone: shop.timeZone,
    ready_waiting_days: shop.readyWaitingDays,
    legal_name: shop.legalName,
    tax_id: shop.taxId,
    repair_number_prefix: shop.repairNumberPrefix,
    next_repair_number: shop.nextRepairNumber,
    deposit_percent: shop.depositPercent,
    warranty_months: shop.warrantyMonths,
  };
}

export type ShopDetails = ReturnType<typeof detailsJson>;

/** The details as the activity log compares them: the terms of each language a field of its own. */
function activityView(shop: Parameters<typeof detailsJson>[0]) {
  const { ticket_terms, ...rest } = detailsJson(shop);
  return {
    ...rest,
    ...Object.fromEntries(Object.entries(ticket_terms).map(([language, text]) => [`ticket_terms_${language}`, text])),
  };
}

/** GET /shop: the caller's shop's details. */
export async function getShopDetails(client: PrismaClient, caller: Caller): Promise<ShopDetails> {
  const shop = await client.shop.findUnique({ where: { id: caller.shopId }, select: SELECT });
  if (!shop) throw new AppError("unauthorized");
  return detailsJson(shop);
}

/** PUT /shop (owners, app/api/shop): any of its details; the body as sent. Each change goes to the activity log. */
export async function updateShopDetails(client: PrismaClient, caller: Caller & { userId: string }, input: unknown) {
  const { opening_hours, ticket_terms, ready_waiting_days, legal_name, tax_id, ...rest } =
    shopDetailsSchema.parse(input);
  const { repair_number_prefix, next_repair_number, deposit_percent, warranty_months, ...contact } = rest;
  const shop = await client.$transaction(async (tx) => {
    const before = await tx.shop.findUniqueOrThrow({ where: { id: caller.shopId }, select: SELECT });
    const after = await tx.shop.update({
      where: { id: caller.shopId },
      data: {
        ...contact,
        openingHours: opening_hours,
        // The languages sent replace theirs; the others stay.
        ticketTerms: ticket_terms && { ...ticketTermsOf(before.ticketTerms), ...ticket_terms },
        readyWaitingDays: ready_waiting_days,
        legalName: legal_name,
        taxId: tax_id,
        repairNumberPrefix: repair_number_prefix,
        nextRepairNumber: next_repair_number,
        depositPercent: deposit_percent,
        warrantyMonths: warranty_months,
      },
      select: SELECT,
    });
    await recordShopChanges(tx, caller, activityView(before), activityView(after));
    return after;
  });
  return { ...detailsJson(shop), message: successText("shopSaved") };
}
