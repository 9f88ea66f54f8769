import { z } from "zod";
import type { Locale } from "@/i18n/config";
import { rows } from "@/lib/db";
import { afterCursor, encodeInstantKey } from "@/lib/db/keyset";
import { exportFile } from "@/lib/export/excel";
import { Prisma, type ActivityKind, type PrismaClient } from "@/lib/generated/prisma/client";
import { daysName, onDays, shopDays, type ShopDays } from "@/lib/shop/days";

// What changed in a shop, by whom (issue 49): accounts added, removed or
// given another role, the shop's settings (each field, old and new), repairs
// deleted, erased and restored, payments voided. Each row is written in the
// transaction of the change it tells of, and never changed or removed: an
// owner reads them on Settings → Activity and as a spreadsheet.

type Tx = Prisma.TransactionClient;

/** What each kind carries in `detail`. */
export type ActivityDetail = {
  account_added: { name: string; email: string; role: string };
  account_removed: { name: string; email: string };
  role_changed: { name: string; from: string; to: string };
  shop_changed: { changes: { field: string; from: unknown; to: unknown }[] };
  repair_archived: { customer: string; reason: string | null };
  repair_erased: { customer: string; reason: string | null };
  repair_restored: { customer: string };
  payment_voided: { kind: string; amount: number; method: string; reason: string };
};

export type ActivityEntry<K extends ActivityKind = ActivityKind> = {
  shopId: string;
  kind: K;
  /** Null: the operator's command on the server. */
  actorId: string | null;
  accountId?: string;
  repair?: { id: string; number: string };
  detail: ActivityDetail[K];
  at?: Date;
};

/** Writes one row, in the caller's transaction. */
export async function recordActivity<K extends ActivityKind>(tx: Tx, entry: ActivityEntry<K>): Promise<void> {
  await tx.activity.create({
    data: {
      shopId: entry.shopId,
      kind: entry.kind,
      actorId: entry.actorId,
      accountId: entry.accountId ?? null,
      repairId: entry.repair?.id ?? null,
      repairNumber: entry.repair?.number ?? null,
      detail: entry.detail as Prisma.InputJsonValue,
      ...(entry.at ? { at: entry.at } : {}),
    },
  });
}

/**
 * The settings a change touched, each with its value before and after
 * (only those that differ, compared as JSON: dates and amounts as text).
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.keys(after)
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
}

/** Records the shop's settings a change touched (nothing when none did), in its transaction. */
export async function recordShopChanges(
  tx: Tx,
  caller: { shopId: string; userId: string },
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<void> {
  const changes = changedFields(before, after);
  if (changes.length === 0) return;
  await recordActivity(tx, {
    shopId: caller.shopId,
    kind: "shop_changed",
    actorId: caller.userId,
    detail: { changes },
  });
}

/** A row as read, for the screen, the JSON and the spreadsheet. */
export type ActivityRow = {
  id: string;
  kind: ActivityKind;
  createdAt: string | Date;
  actor: string | null;
  byOperator: boolean;
  account: string | null;
  repairId: string | null;
  repairNumber: string | null;
  detail: ActivityDetail[ActivityKind];
};

export const ACTIVITY_PAGE = 100;

const LINE = Prisma.sql`
  SELECT a.id, a.kind, a.at AS "createdAt", actor.name AS actor, a.actor_id IS NULL AS "byOperator",
    account.name AS account, a.repair_id AS "repairId", a.repair_number AS "repairNumber", a.detail
  FROM activity a LEFT JOIN users actor ON actor.id = a.actor_id LEFT JOIN users account ON account.id = a.account_id`;
/** Newest first; a page continues after its last row's key. */
const KEY: [string, string] = ["a.at", "a.id"];
const KEY_SQL = Prisma.raw(KEY.join(", "));
const inRange = (range: ShopDays) =>
  Prisma.sql`a.shop_id = ${range.shopId}::uuid AND ${onDays(Prisma.sql`a.at`, range)}`;

const pageQuery = z.object({
  after: afterCursor,
});

const entryJson = (row: ActivityRow) => ({
  id: row.id,
  kind: row.kind,
  at: new Date(row.createdAt).toISOString(),
  actor: row.actor,
  by_operator: row.byOperator,
  account: row.account,
  repair_id: row.repairId,
  repair_number: row.repairNumber,
  detail: row.detail,
});
export type ActivityJson = ReturnType<typeof entryJson>;

/**
 * GET /activity: `from` and `to` (days in the shop's calendar, today when
 * left out), newest first, 100 at a time (`after`: the `next` cursor).
 */
export async function listActivity(client: PrismaClient, shopId: string, query: unknown) {
  const { after } = pageQuery.parse(query);
  const range = await shopDays(client, shopId, query);
  const found = await rows<ActivityRow>(
    client,
    Prisma.sql`${LINE} WHERE ${inRange(range)}
      ${after ? Prisma.sql`AND (${KEY_SQL}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : Prisma.empty}
      ORDER BY a.at DESC, a.id DESC LIMIT ${ACTIVITY_PAGE + 1}`,
  );
  const shown = found.slice(0, ACTIVITY_PAGE);
  const last = found.length > ACTIVITY_PAGE ? shown[shown.length - 1] : null;
  return {
    from: range.first,
    to: range.last,
    time_zone: range.timeZone,
    entries: shown.map(entryJson),
    next: last ? encodeInstantKey(last) : null,
  };
}
export type ActivityPage = Awaited<ReturnType<typeof listActivity>>;

/** The same days as a spreadsheet in the reader's language, on an export's thread. */
export async function activityXlsx(
  client: PrismaClient,
  shopId: string,
  query: unknown,
  reader: { language: Locale; timeZone: string },
) {
  const range = await shopDays(client, shopId, query);
  const read = Prisma.sql`${LINE} WHERE ${inRange(range)}`;
  const body = await exportFile(client, shopId, reader, {
    kind: "activity",
    read: { select: read.text, values: read.values, key: KEY, order: "desc" },
  });
  return { fileName: `activity_${daysName(range)}.xlsx`, body };
}
