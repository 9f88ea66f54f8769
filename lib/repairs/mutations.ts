import { AppError } from "@/lib/errors";
import { Prisma, type PrismaClient, type Repair, type RepairEventKind } from "@/lib/generated/prisma/client";
import { assertRepairId, getRepair, notFound } from "./queries";
import { lockRepair, type Expected } from "./lock";
import { insertRepair, updateRepairs } from "./row";
export type { Expected } from "./lock";
import {
  quoteSchema,
  repairCreateSchema,
  repairUpdateSchema,
  statusChangeSchema,
  bulkStatusSchema,
  type QuoteInput,
  type RepairUpdateInput,
  type SendOutInput,
} from "./schema";
import { findWorkshop } from "@/lib/workshops/workshops";
import { dayIn } from "@/lib/time-zone";
import { parseDeadline } from "./dates";
import { isUuid } from "@/lib/uuid";
import { SEARCH_PROPS, searchTextOf } from "./search-text";
import { takeRepairNumber, typedRepairNumber } from "./numbering";
import { comebackOf, startWarranty, warrantyUntilSql } from "./warranty";
import { joinVisit, VISIT_NOTICE_HOLD_MS } from "./visits";
import { env } from "@/lib/env";
import { newStatusToken } from "@/lib/status-link/token";
import { repairJson } from "./serialize";
import { moneyOf } from "./balance";
import { repairData } from "./columns";
import { effectiveQuoteStatus, isClosed, type RepairStatus } from "./workflow";
import { cancelHeldNotices, queueNotice, queueNotices, wakeWorker } from "@/lib/notices/queue";

// Writing repairs. Every write names the shop in its condition too (not only
// the check before it), so each statement stays within one shop, as
// distributing the data by shop needs; every status change writes its history
// row in the same transaction.

type Tx = Prisma.TransactionClient;
type Actor = { shopId: string; userId: string };
/** Who changed a status: an account of the shop, or the customer through the status link. */
type Changer = Actor | { shopId: string; byCustomer: true };

/** The fields a move to `next` changes besides the status itself. */
export function statusEffects(current: Repair, next: RepairStatus, now: Date): Prisma.RepairUncheckedUpdateInput {
  const effects: Prisma.RepairUncheckedUpdateInput = { status: next };
  effects.pickedUpAt = next === "picked_up" ? (current.status === "picked_up" ? current.pickedUpAt : now) : null;
  // Taken back from picked up: its warranty had not started after all.
  if (next !== "picked_up") effects.warrantyUntil = null;
  const quote = effectiveQuoteStatus(current.quoteStatus, current.quoteExpiresAt, now);
  if (quote === "pending" && (next === "approved" || next === "denied")) effects.quoteStatus = next;
  return effects;
}

/**
 * The status history rows of repairs moved, as one INSERT: `moved` is a
 * relation of their id, from_status and to_status (as text).
 */
function historyInsert(actor: Changer, moved: Prisma.Sql, now: Date): Prisma.Sql {
  const [byCustomer, changedBy] = "byCustomer" in actor ? [true, null] : [false, actor.userId];
  return Prisma.sql`
    INSERT INTO status_history (shop_id, repair_id, from_status, to_status, changed_at, changed_by_id, by_customer)
    SELECT ${actor.shopId}::uuid, moved.id, moved.from_status::repair_status, moved.to_status::repair_status,
      ${now}::timestamptz, ${changedBy}::uuid, ${byCustomer}
    FROM ${moved}`;
}

/** One status history row for each repair moved (one statement for all); their held notices are cancelled. */
async function recordStatus(
  tx: Tx,
  actor: Changer,
  repairIds: string | string[],
  from: RepairStatus | ((repairId: string) => RepairStatus),
  to: RepairStatus,
  now: Date,
) {
  const ids = [repairIds].flat();
  await cancelHeldNotices(tx, ids);
  const fromStatuses = ids.map((id) => (typeof from === "function" ? from(id) : from));
  await tx.$executeRaw(
    historyInsert(
      actor,
      Prisma.sql`(SELECT id, from_status, ${to}::text AS to_status
        FROM unnest(${ids}::uuid[], ${fromStatuses}::text[]) AS u(id, from_status)) AS moved`,
      now,
    ),
  );
}

/**
 * The one way repairs change status: staff's edit, the status and bulk
 * calls, and the customer's answer by link. Each of `moving` (locked and read
 * in `tx`, not at `to` yet) gets the status's effects and `data`, in one
 * statement per kind of effect; one history row each (which cancels its held
 * notices); and, moved by staff, the notice the shop's switches say, the
 * shop read once. Returns the repairs as they are now, and whether a notice
 * was queued (wake the worker once committed).
 */
export async function applyStatusChange(
  tx: Tx,
  actor: Changer,
  moving: Repair[],
  to: RepairStatus,
  options: { now: Date; data?: Prisma.RepairUncheckedUpdateManyInput; notify?: boolean },
): Promise<{ updated: Repair[]; noticed: boolean }> {
  if (moving.length === 0) return { updated: [], noticed: false };
  const { now, data = {}, notify } = options;
  const groups = new Map<string, { effects: Prisma.RepairUncheckedUpdateManyInput; ids: string[] }>();
  for (const repair of moving) {
    const effects = statusEffects(repair, to, now) as Prisma.RepairUncheckedUpdateManyInput;
    const key = JSON.stringify(effects);
    const group = groups.get(key) ?? { effects, ids: [] };
    group.ids.push(repair.id);
    groups.set(key, group);
  }
  if (groups.size > 1) await lockStatusCounts(tx, actor.shopId, [to, ...moving.map((repair) => repair.status)]);
  // Collected now: the warranty runs from today, for the months the write leaves the repair with.
  const months =
    data.warrantyMonths === undefined ? Prisma.raw("warranty_months") : Prisma.sql`${data.warrantyMonths}::int`;
  const computed =
    to === "picked_up"
      ? Prisma.sql`, warranty_until = ${warrantyUntilSql(actor.shopId, Prisma.sql`${now}::timestamptz`, months)}`
      : Prisma.empty;
  // Each group updated and read back in one statement.
  const updated: Repair[] = [];
  for (const { effects, ids } of groups.values())
    updated.push(...(await updateRepairs(tx, actor.shopId, ids, { ...effects, ...data }, now, computed)));
  const before = new Map(moving.map((repair) => [repair.id, repair.status]));
  const ids = [...before.keys()];
  await recordStatus(tx, actor, ids, (id) => before.get(id)!, to, now);
  if (to === "picked_up") {
    // Collected with money still owed: allowed, and the history says how much.
    for (const repair of updated) {
      const { balanceDue } = moneyOf(repair);
      if (balanceDue > 0 && !("byCustomer" in actor))
        await recordEvent(tx, actor, repair.id, "picked_up_with_due", balanceDue.toFixed(2), now);
    }
  }
  const noticed = "byCustomer" in actor ? false : await queueNotices(tx, updated, { kind: "status", to }, notify);
  return { updated, noticed };
}

/** A history entry other than a status change, for each repair named (lib/repairs/history.ts reads them all). */
export async function recordEvent(
  tx: Tx,
  actor: Actor,
  repairIds: string | string[],
  kind: RepairEventKind,
  detail: string | null,
  now = new Date(),
) {
  await tx.$executeRaw`
    INSERT INTO repair_events (shop_id, repair_id, kind, detail, changed_by_id, changed_at)
    SELECT ${actor.shopId}::uuid, id, ${kind}::repair_event_kind, ${detail}, ${actor.userId}::uuid, ${now}::timestamptz
    FROM unnest(${[repairIds].flat()}::uuid[]) AS id`;
}

/**
 * A send-out's fields (issue 17, part 2), the workshop checked to be the
 * shop's: outsourced_to becomes its name; the date sent is today in the
 * shop's time zone unless given. The return date is the trigger's
 * (repairs_status_since): stamped as the status leaves outsourced.
 */
async function sendOutFields(tx: Tx, shopId: string, input: SendOutInput, now: Date) {
  // Held until commit: a deletion of the workshop waits, then finds the item there (409), or went first (404).
  if (isUuid(input.workshop_id))
    await tx.$executeRaw`SELECT 1 FROM workshops WHERE id = ${input.workshop_id}::uuid FOR KEY SHARE`;
  const workshop = await findWorkshop(tx, shopId, input.workshop_id);
  const sentOn =
    input.sent_on ??
    parseDeadline(
      dayIn(now, (await tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: { timeZone: true } })).timeZone),
    )!;
  const expectedBack = input.expected_back ?? null;
  if (expectedBack && expectedBack < sentOn)
    throw new AppError("expectedBackBeforeSent", { fields: { "send_out.expected_back": "expectedBackBeforeSent" } });
  const data = {
    workshopId: workshop.id,
    outsourcedTo: workshop.name,
    sentOutOn: sentOn,
    expectedBackOn: expectedBack,
    outsourceCost: input.cost ?? null,
    outsourceTracking: input.tracking ?? null,
  } satisfies Prisma.RepairUncheckedUpdateManyInput;
  return { data, workshop };
}

/** The send-out's fields merged into a change, and its history entry once written. */
async function withSendOut(
  tx: Tx,
  actor: Actor,
  input: SendOutInput | undefined,
  now: Date,
): Promise<{
  data: Partial<Prisma.RepairUncheckedUpdateManyInput>;
  record: (repairIds: string | string[]) => Promise<void>;
}> {
  if (!input) return { data: {}, record: async () => {} };
  const { data, workshop } = await sendOutFields(tx, actor.shopId, input, now);
  return {
    data,
    record: (repairIds: string | string[]) => recordEvent(tx, actor, repairIds, "sent_out", workshop.name, now),
  };
}

const amountText = (value: Prisma.Decimal | number | null | undefined) =>
  value === null || value === undefined ? null : Number(value).toFixed(2);

export async function createRepair(client: PrismaClient, actor: Actor, input: unknown) {
  const data = repairCreateSchema.parse(input);
  const now = new Date();
  const fields = {
    ...repairData(data),
    customerPhone: data.customer_phone ?? null,
    pickedUpAt: data.status === "picked_up" ? now : null,
  };
  const repair = await client.$transaction(async (tx) => {
    // A number left empty: the next of the shop's series, with the shop's settings in the same statement.
    const { shop, numbered } = fields.repairNumber
      ? await typedRepairNumber(tx, actor.shopId, fields.repairNumber)
      : await takeRepairNumber(tx, actor.shopId, now);
    const customerLanguage = fields.customerLanguage ?? shop.language;
    // A comeback: linked to its first repair; under its warranty, it starts with a quote of nothing.
    const comeback = data.warranty_of ? await comebackOf(tx, actor.shopId, data.warranty_of, shop.timeZone, now) : null;
    const visitId = data.same_visit_as
      ? await joinVisit(tx, actor.shopId, data.same_visit_as, shop.timeZone, now)
      : null;
    const freeQuote = comeback?.underWarranty
      ? {
          quoteAmount: 0,
          quoteStatus: "approved" as const,
          quoteCreatedAt: now,
          priceBasis: null,
          estimateAmount: null,
        }
      : {};
    const token = sealedToken();
    // The repair and its first history row in one statement.
    const firstStatus = historyInsert(
      actor,
      Prisma.sql`(SELECT id, NULL AS from_status, status::text AS to_status FROM created) AS moved`,
      now,
    );
    let created = await numbered((repairNumber, taken) =>
      insertRepair(
        tx,
        {
          ...fields,
          repairNumber,
          // A comeback under warranty is covered by the first repair's, until its date: none of its own unless given.
          warrantyMonths: fields.warrantyMonths ?? (comeback?.underWarranty ? 0 : shop.warrantyMonths),
          ...comeback,
          ...freeQuote,
          visitId,
          ...token,
          customerLanguage,
          shopId: actor.shopId,
          searchText: searchTextOf({ ...fields, repairNumber }),
        },
        { also: [firstStatus], unless: taken },
      ),
    );
    // Entered as already collected (a paper book's past): its warranty runs from now.
    if (created.status === "picked_up") [created] = await startWarranty(tx, actor.shopId, [created.id]);
    // More items of the visit follow: the next one's email replaces this one and tells of them all;
    // held meanwhile, it still goes if no other comes.
    const hold = data.more_items ? new Date(now.getTime() + VISIT_NOTICE_HOLD_MS) : undefined;
    return { ...created, noticed: await queueNotice(tx, created, { kind: "created" }, data.notify, hold) };
  });
  if (repair.noticed) wakeWorker();
  return repairJson({ ...repair, photos: [] });
}

function updateData(current: Repair, input: RepairUpdateInput): Prisma.RepairUncheckedUpdateInput {
  // The status goes through applyStatusChange (pickup time, the quote's answer), never as a plain field.
  const data: Prisma.RepairUncheckedUpdateInput = repairData({ ...input, status: undefined });
  const merged = Object.fromEntries(
    SEARCH_PROPS.map((prop) => [prop, data[prop] !== undefined ? (data[prop] as string | null) : current[prop]]),
  );
  data.searchText = searchTextOf(merged);
  return data;
}

export async function updateRepair(
  client: PrismaClient,
  actor: Actor,
  id: string,
  input: unknown,
  expected: Expected = null,
) {
  const data = repairUpdateSchema.parse(input);
  const now = new Date();
  const repair = await client.$transaction(async (tx) => {
    const current = await lockRepair(tx, actor.shopId, id, expected);
    // The price and the warranty are settled once the item is collected.
    const newWarranty = data.warranty_months !== undefined && data.warranty_months !== current.warrantyMonths;
    if ((data.final_price !== undefined || newWarranty) && isClosed(current.status)) throw new AppError("repairClosed");
    const sendOut = await withSendOut(tx, actor, data.send_out, now);
    const edited = await tx.repair.update({
      where: { id: current.id, shopId: actor.shopId },
      data: { ...updateData(current, data), ...sendOut.data },
    });
    await sendOut.record(id);
    if (data.final_price !== undefined && amountText(edited.finalPrice) !== amountText(current.finalPrice))
      await recordEvent(tx, actor, id, "final_price_set", amountText(edited.finalPrice), now);
    if (!data.status || data.status === current.status) return { ...edited, noticed: false };
    const moved = await applyStatusChange(tx, actor, [edited], data.status, { now, notify: data.notify });
    return { ...moved.updated[0], noticed: moved.noticed };
  });
  if (repair.noticed) wakeWorker();
  return repairJson(repair);
}

export async function changeStatus(
  client: PrismaClient,
  actor: Actor,
  id: string,
  input: unknown,
  expected: Expected = null,
) {
  const { status, notify, send_out } = statusChangeSchema.parse(input);
  const now = new Date();
  const repair = await client.$transaction(async (tx) => {
    const current = await lockRepair(tx, actor.shopId, id, expected);
    if (current.status === status && !send_out) return { ...current, noticed: false };
    const sendOut = await withSendOut(tx, actor, send_out, now);
    // New send-out details for an item already out: no status change to record.
    const moved =
      current.status === status
        ? {
            updated: [await tx.repair.update({ where: { id: current.id, shopId: actor.shopId }, data: sendOut.data })],
            noticed: false,
          }
        : await applyStatusChange(tx, actor, [current], status, { now, data: sendOut.data, notify });
    await sendOut.record(id);
    return { ...moved.updated[0], noticed: moved.noticed };
  });
  if (repair.noticed) wakeWorker();
  return repairJson(repair);
}

export async function setQuote(
  client: PrismaClient,
  actor: Actor,
  id: string,
  input: unknown,
  expected: Expected = null,
) {
  const quote: QuoteInput = quoteSchema.parse(input);
  const now = new Date();
  const repair = await client.$transaction(async (tx) => {
    const current = await lockRepair(tx, actor.shopId, id, expected);
    if (isClosed(current.status)) throw new AppError("repairClosed");
    const data = {
      quoteAmount: quote.amount,
      quoteNotes: quote.notes ?? null,
      quoteStatus: "pending" as const,
      quoteCreatedAt: now,
      quoteExpiresAt: new Date(now.getTime() + quote.expires_in_hours * 3_600_000),
    };
    // A quote given before the work is decided moves the repair to quoting,
    // as any status change does; the customer is told of the quote, not the status.
    const toQuoting = current.status === "received" || current.status === "diagnosing";
    const [updated] = toQuoting
      ? (await applyStatusChange(tx, actor, [current], "quoting", { now, data, notify: false })).updated
      : await updateRepairs(tx, actor.shopId, [current.id], data, now);
    await recordEvent(tx, actor, id, "quote_set", amountText(quote.amount), now);
    return { ...updated, noticed: await queueNotice(tx, updated, { kind: "quote" }, quote.notify) };
  });
  if (repair.noticed) wakeWorker();
  return repairJson(repair);
}

/** A new status link's two columns: the token sealed, and its hash. */
const sealedToken = () => {
  const { statusToken, statusTokenHash } = newStatusToken(env().ENCRYPTION_KEY);
  return { statusToken, statusTokenHash };
};

/** A new status link for the repair (fresh random bytes): the old link stops working with this statement. */
export async function replaceStatusLink(client: PrismaClient, actor: Actor, id: string) {
  assertRepairId(id);
  const { statusToken, statusTokenHash } = sealedToken();
  const changed = await client.$executeRaw`
    UPDATE repairs SET status_token = ${statusToken}, status_token_hash = ${statusTokenHash}, updated_at = now()
    WHERE id = ${id}::uuid AND shop_id = ${actor.shopId}::uuid`;
  if (changed === 0) throw notFound();
  return getRepair(client, actor.shopId, id);
}

/**
 * Takes the shop's counters of these statuses (making any that is missing)
 * before a transaction changes them in more than one statement. Each
 * statement takes its own in key order (the counters' trigger); without this,
 * a transaction holding the first statement's could wait for another holding
 * the second's, which waits for it: a deadlock.
 */
async function lockStatusCounts(tx: Tx, shopId: string, statuses: RepairStatus[]) {
  const unique = [...new Set(statuses)];
  await tx.$executeRaw`
    INSERT INTO repair_counts (shop_id, status, count)
    SELECT ${shopId}::uuid, s, 0 FROM unnest(${unique}::repair_status[]) s ORDER BY s
    ON CONFLICT (shop_id, status) DO UPDATE SET count = repair_counts.count`;
}

/**
 * PATCH /repairs/status: several repairs to one status (issue 17, part 5),
 * all or none, in one transaction: the rows are locked in id order (two bulk
 * changes never deadlock), each moves as a single change would (its pickup
 * time, its pending quote's answer), with one history row each and its notice.
 * Repairs already in the status are left as they are. Set-based
 * (applyStatusChange), so the transaction, which holds the shop's status
 * counters until it commits, is a handful of statements whatever the number
 * of repairs.
 */
export async function changeStatuses(client: PrismaClient, actor: Actor, input: unknown) {
  const { ids, status, notify, send_out, versions = {} } = bulkStatusSchema.parse(input);
  const unique = [...new Set(ids)];
  for (const id of unique) assertRepairId(id);
  const now = new Date();
  const result = await client.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM repairs WHERE shop_id = ${actor.shopId}::uuid AND id = ANY(${unique}::uuid[]) ORDER BY id FOR UPDATE`;
    const current = await tx.repair.findMany({ where: { shopId: actor.shopId, id: { in: unique } } });
    // Another shop's id, or one deleted meanwhile: nothing changes.
    if (current.length !== unique.length) throw notFound();
    if (current.some((repair) => (versions[repair.id] ?? repair.version) !== repair.version))
      throw new AppError("repairChanged");
    const moving = current.filter((repair) => repair.status !== status);
    if (moving.length === 0) return { updated: current, noticed: false };
    const sendOut = await withSendOut(tx, actor, send_out, now);
    const moved = await applyStatusChange(tx, actor, moving, status, { now, data: sendOut.data, notify });
    await sendOut.record(moving.map((repair) => repair.id));
    const byId = new Map([...current, ...moved.updated].map((repair) => [repair.id, repair]));
    return { updated: [...byId.values()], noticed: moved.noticed };
  });
  if (result.noticed) wakeWorker();
  const byId = new Map(result.updated.map((r) => [r.id, r]));
  return { repairs: unique.map((id) => repairJson(byId.get(id)!)) };
}
