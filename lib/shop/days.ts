import { z } from "zod";
import { rows } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { parseDeadline } from "@/lib/repairs/dates";
import { iso } from "@/lib/repairs/serialize";
import { err } from "@/lib/schema-parts";

// A range of whole days in the shop's calendar, as the takings and the
// activity log are asked for: `from` and `to` (DD/MM/YYYY or YYYY-MM-DD),
// today in the shop's zone when both are left out, a year at most.

const day = z.preprocess(
  (v) => (typeof v === "string" && v.trim() ? v.trim() : undefined),
  z
    .string(err("takingsDateInvalid"))
    .transform((text, ctx) => {
      const date = parseDeadline(text);
      if (!date) ctx.addIssue({ code: "custom", message: "takingsDateInvalid" });
      return date ?? new Date(0);
    })
    .optional(),
);
export const daysQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => !q.from || !q.to || q.from <= q.to, err("takingsRangeInvalid"))
  .refine((q) => !q.from || !q.to || q.to.getTime() - q.from.getTime() <= 366 * 86_400_000, err("takingsRangeInvalid"));

const ymd = (date: Date) => date.toISOString().slice(0, 10);

/** The days asked for (today in the shop's zone when left out), and the shop's zone. */
export async function shopDays(client: PrismaClient, shopId: string, query: unknown) {
  const { from, to } = daysQuerySchema.parse(query);
  const [shop] = await rows<{ timeZone: string; today: string | Date }>(
    client,
    Prisma.sql`SELECT time_zone AS "timeZone", (now() AT TIME ZONE time_zone)::date AS today FROM shops WHERE id = ${shopId}::uuid`,
  );
  const today = iso(shop.today)!.slice(0, 10);
  const first = from ? ymd(from) : to ? ymd(to) : today;
  const last = to ? ymd(to) : from ? ymd(from) : today;
  return { shopId, first, last, timeZone: shop.timeZone };
}
export type ShopDays = Awaited<ReturnType<typeof shopDays>>;

/** `column` (an instant) falls on one of the days. */
export const onDays = (column: Prisma.Sql, { first, last, timeZone }: ShopDays) =>
  Prisma.sql`${column} >= (${first}::date::timestamp AT TIME ZONE ${timeZone})
      AND ${column} < ((${last}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;

/** A file name's part for the days: one day, or the first and the last. */
export const daysName = ({ first, last }: ShopDays) => (first === last ? first : `${first}_${last}`);
