// The repair workflow as data: the 11 statuses in order, the
// queues, item types and quote states, read by the server and the screens.
// The quick actions are in ./quick-actions, the badge's colours in
// components/repairs/status/status-style.ts.

export const REPAIR_STATUSES = [
  "sent",
  "received",
  "diagnosing",
  "quoting",
  "approved",
  "in_progress",
  "in_repair",
  "outsourced",
  "ready",
  "picked_up",
  "denied",
] as const;
export type RepairStatus = (typeof REPAIR_STATUSES)[number];

/** The work queues (lib/repairs/queues.ts): what needs doing, on the dashboard and as list filters. */
export const QUEUES = [
  "overdue",
  "ready_waiting",
  "quote_waiting",
  "quote_expiring",
  "quote_expired",
  "approved_to_start",
  "workshop_overdue",
  "unpaid",
  "warranty_returns",
] as const;
export type Queue = (typeof QUEUES)[number];
/** A queue's count above this shows as "1000+". */
export const QUEUE_COUNT_CAP = 1000;
/** "Expiring soon": within this many hours. */
export const QUOTE_EXPIRING_HOURS = 48;

export const ITEM_TYPES = ["watch", "jewelry", "other"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const QUOTE_STATUSES = ["pending", "sent", "approved", "denied", "no_response", "expired"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export function isRepairStatus(value: unknown): value is RepairStatus {
  return typeof value === "string" && (REPAIR_STATUSES as readonly string[]).includes(value);
}

/** Quotes and final prices can no longer change once the item was picked up. */
export const isClosed = (status: RepairStatus) => status === "picked_up";

/** No work has been done on the item yet: what it was left in is what it is in. */
const BEFORE_WORK: ReadonlySet<RepairStatus> = new Set(["sent", "received", "diagnosing", "quoting", "approved"]);
export const isBeforeWork = (status: RepairStatus) => BEFORE_WORK.has(status);

/**
 * The statuses in which a customer's answer to a pending quote is taken: the
 * repair is still waiting for it. Once it has moved on (approved by the shop,
 * in work, ready, collected) an answer by link would undo what happened since.
 */
const AWAITING_ANSWER: ReadonlySet<RepairStatus> = new Set(["sent", "received", "diagnosing", "quoting", "outsourced"]);
export const awaitsQuoteAnswer = (status: RepairStatus) => AWAITING_ANSWER.has(status);

/** A pending quote past its expiry reads as expired everywhere (expiresAt: a Date or an ISO 8601 string). */
export function effectiveQuoteStatus(
  quoteStatus: QuoteStatus | null,
  expiresAt: Date | string | null,
  now = new Date(),
): QuoteStatus | null {
  if (quoteStatus !== "pending" || expiresAt === null) return quoteStatus;
  const expired =
    typeof expiresAt !== "string"
      ? expiresAt.getTime() <= now.getTime()
      : isUtcIso(expiresAt)
        ? expiresAt <= isoOf(now)
        : Date.parse(expiresAt) <= now.getTime();
  return expired ? "expired" : quoteStatus;
}

// `2026-11-24T19:00:00.000Z`, as the database layer reads instants: two of
// them compare as text as they do as instants (a page of old quotes parsed
// each date: 14 µs of a list request).
const isUtcIso = (text: string) => text.length === 24 && text.charCodeAt(10) === 84 && text.charCodeAt(23) === 90;
let lastNow: { date: Date; time: number; iso: string } | undefined;
function isoOf(now: Date): string {
  const time = now.getTime();
  if (lastNow?.date !== now || lastNow.time !== time) lastNow = { date: now, time, iso: now.toISOString() };
  return lastNow.iso;
}
