import { EventEmitter } from "node:events";
import { settings } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Prisma, Repair, Shop } from "@/lib/generated/prisma/client";
import { leftToPay } from "@/lib/repairs/balance";
import type { RepairStatus } from "@/lib/repairs/workflow";
import { statusUrlTemplate } from "@/lib/status-link/link";
import { visitItems } from "@/lib/repairs/visits";
import { renderNotice, type NoticeEvent, type NoticeFacts } from "./content";

// Queuing a notice: in the same transaction as the change that causes it, so
// a change that is rolled back never tells anyone, and one that is committed
// always does (the worker delivers it, lib/notices/worker.ts).

type Tx = Prisma.TransactionClient;

/** Whether this server can send email: the operator gave SMTP_URL and MAIL_FROM (README, Configuration). */
export const mailConfigured = () => Boolean(settings().SMTP_URL && settings().MAIL_FROM);

/** What happened to a repair, as far as its customer may be told. */
export type NoticeChange = { kind: "created" } | { kind: "status"; to: RepairStatus } | { kind: "quote" };

type Switches = Pick<Shop, "notifyReceived" | "notifyQuote" | "notifyReady" | "notifyStatuses">;

/** The notice a change makes under the shop's switches, or null. */
export function eventFor(shop: Switches, change: NoticeChange): NoticeEvent | null {
  if (change.kind === "created") return shop.notifyReceived ? "received" : null;
  if (change.kind === "quote") return shop.notifyQuote ? "quote" : null;
  if (change.to === "ready") return shop.notifyReady ? "ready" : null;
  return shop.notifyStatuses.includes(change.to) ? "status" : null;
}

/** The facts of a notice about `repair`, from its row and its shop's. */
export function factsOf(
  repair: Repair,
  shop: Shop,
  event: NoticeEvent,
  readySince?: Date,
  alsoLeft?: NoticeFacts["alsoLeft"],
): NoticeFacts {
  return {
    event,
    language: repair.customerLanguage,
    customerName: repair.customerName,
    repairNumber: repair.repairNumber,
    itemType: repair.itemType,
    itemDescription: repair.itemDescription,
    status: repair.status,
    // The token goes in as the notice is sent (lib/notices/worker.ts).
    statusUrl: statusUrlTemplate(),
    quote:
      repair.quoteAmount === null
        ? undefined
        : { amount: Number(repair.quoteAmount), expiresAt: repair.quoteExpiresAt, notes: repair.quoteNotes },
    due: leftToPay(repair),
    readySince,
    alsoLeft,
    shop,
  };
}

/**
 * Refuses (429) `adding` notices that would pass the shop's hourly cap
 * (SHOP_MAIL_PER_HOUR, 200 unless the operator says: customer emails
 * whatever causes them, so no account can turn the shop's mail into a relay;
 * docs/security.md); counted in `tx`, so a change's own notices count too.
 */
export async function assertMailRoom(tx: Tx, shopId: string, adding = 1): Promise<void> {
  const [{ count }] = await tx.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM notices WHERE shop_id = ${shopId}::uuid AND created_at > now() - interval '1 hour'`;
  if (count + adding > settings().SHOP_MAIL_PER_HOUR) throw new AppError("mailLimitReached", { retryAfter: 600 });
}

/** Writes the outbox row for a notice (its text made now, in the customer's language). */
export async function writeNotice(
  tx: Tx,
  repair: Repair,
  shop: Shop,
  event: NoticeEvent,
  extra: { dedupeKey?: string; readySince?: Date; status?: RepairStatus | null; holdUntil?: Date } = {},
) {
  // "Send again" of a status notice says the status it said, with everything else as it is now.
  const told = extra.status ? { ...repair, status: extra.status } : repair;
  // Items left together: one "received" email tells of them all, and replaces any of theirs not sent yet.
  const alsoLeft = event === "received" ? await visitItems(tx, repair) : [];
  if (alsoLeft.length > 0)
    await tx.$executeRaw`
      DELETE FROM notices WHERE repair_id = ANY(${alsoLeft.map((item) => item.id)}::uuid[])
        AND event = 'received' AND state = 'queued' AND attempts = 0`;
  const content = renderNotice(factsOf(told, shop, event, extra.readySince, alsoLeft));
  return tx.notice.create({
    data: {
      shopId: repair.shopId,
      repairId: repair.id,
      event,
      status: event === "status" ? told.status : null,
      toEmail: repair.customerEmail!,
      language: repair.customerLanguage,
      subject: content.subject,
      textBody: content.text,
      htmlBody: content.html,
      dedupeKey: extra.dedupeKey ?? null,
      ...(extra.holdUntil ? { nextAttemptAt: extra.holdUntil } : {}),
    },
  });
}

/**
 * The notices a change to `repairs` (of one shop, as they are now) makes,
 * queued in `tx`: none when the staff said not to tell the customers this
 * once (`notify: false`), for a repair with no email, when the shop's switch
 * is off, or when this server sends no mail. The shop is read once, the cap
 * checked once for them all. Costs nothing when there is nothing to send.
 */
export async function queueNotices(
  tx: Tx,
  repairs: Repair[],
  change: NoticeChange,
  notify?: boolean,
  hold?: Date,
): Promise<boolean> {
  const told = repairs.filter((repair) => repair.customerEmail);
  if (notify === false || told.length === 0 || !mailConfigured()) return false;
  const shop = await tx.shop.findUniqueOrThrow({ where: { id: told[0].shopId } });
  const event = eventFor(shop, change);
  if (!event) return false;
  await assertMailRoom(tx, shop.id, told.length);
  // A status change's notice is held for the grace period: a slip undone meanwhile mails no one.
  const holdUntil = change.kind === "status" ? new Date(Date.now() + settings().NOTICE_GRACE_MS) : hold;
  for (const repair of told) await writeNotice(tx, repair, shop, event, { holdUntil });
  return true;
}

/** queueNotices for one repair; `hold`: not sent before then (a visit's item that more follow). */
export const queueNotice = (tx: Tx, repair: Repair, change: NoticeChange, notify?: boolean, hold?: Date) =>
  queueNotices(tx, [repair], change, notify, hold);

/**
 * Cancels the status notices of these repairs still held in their grace
 * period (never tried): a status change meanwhile (an undo, a second change)
 * makes them wrong. Called with every status change (recordStatus).
 */
export async function cancelHeldNotices(tx: Tx, repairIds: string[]): Promise<void> {
  await tx.$executeRaw`
    DELETE FROM notices WHERE repair_id = ANY(${repairIds}::uuid[]) AND state = 'queued' AND attempts = 0
      AND event IN ('status', 'ready') AND next_attempt_at > now()`;
}

/** Wakes this process's worker once a queued notice is committed (the poll catches any other). */
export const noticeQueued = new EventEmitter();
export const wakeWorker = () => noticeQueued.emit("queued");
