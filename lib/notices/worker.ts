import { settings } from "@/lib/env";
import type { PrismaClient, Repair, Shop } from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log";
import { fillStatusLink } from "@/lib/status-link/link";
import { mailConfigured, noticeQueued, writeNotice } from "./queue";
import { smtpMailer, type Mailer } from "./transport";

// The outbox's worker, in every app server: it claims due notices with
// FOR UPDATE SKIP LOCKED (so two servers never take the same one), marks them
// sending with a lease, sends, and marks them sent; a failed delivery is
// tried again later, each wait twice the last (NOTICE_RETRY_BASE_MS up to
// NOTICE_RETRY_MAX_MS), until NOTICE_GIVE_UP_HOURS after it was queued, when
// it is marked failed with the reason. A permanent refusal by the mail server
// (a 5xx answer, such as an unknown mailbox) fails it at once. A server that
// dies while sending lets its claim lapse after LEASE_MS and another takes
// it: the one case in which a notice may go out twice is a server dying
// between the mail server's acceptance and the row's update.

const BATCH = 20;
const LEASE_MS = 120_000;

type Claimed = {
  id: string;
  toEmail: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attempts: number;
  createdAt: Date;
  /** The repair's status token as stored, for the link in the text. */
  statusToken: string;
};

/** Takes up to BATCH notices that are due (or whose sender died), for this worker alone. */
async function claimDue(client: PrismaClient): Promise<Claimed[]> {
  return client.$queryRaw<Claimed[]>`
    UPDATE notices SET state = 'sending', lease_until = now() + ${LEASE_MS} * interval '1 millisecond', attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM notices
      WHERE state IN ('queued', 'sending') AND next_attempt_at <= now()
        AND (state = 'queued' OR lease_until < now())
      ORDER BY next_attempt_at LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, to_email AS "toEmail", subject, text_body AS "textBody", html_body AS "htmlBody", attempts, created_at AS "createdAt",
      (SELECT status_token FROM repairs r WHERE r.id = notices.repair_id) AS "statusToken"`;
}

/** The wait before attempt `attempts + 1`. */
export function retryDelayMs(attempts: number): number {
  const { NOTICE_RETRY_BASE_MS, NOTICE_RETRY_MAX_MS } = settings();
  return Math.min(NOTICE_RETRY_MAX_MS, NOTICE_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

const permanent = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};
const reason = (error: unknown) =>
  ((error as { response?: string }).response ?? (error instanceof Error ? error.message : String(error))).slice(0, 500);

async function deliver(client: PrismaClient, mailer: Mailer, notice: Claimed): Promise<boolean> {
  try {
    await mailer.send({
      // An address object: the library never parses it as a list or a display name.
      to: { name: "", address: notice.toEmail },
      subject: notice.subject,
      text: fillStatusLink(notice.textBody, notice.statusToken),
      html: fillStatusLink(notice.htmlBody, notice.statusToken),
      // One id per notice: a receiving server that saw it already may drop a repeat.
      messageId: `<${notice.id}@notices.repair-desk>`,
    });
    await client.$executeRaw`
      UPDATE notices SET state = 'sent', sent_at = now(), lease_until = NULL, last_error = NULL
      WHERE id = ${notice.id}::uuid AND state = 'sending'`;
    return true;
  } catch (error) {
    const expired = Date.now() - notice.createdAt.getTime() > settings().NOTICE_GIVE_UP_HOURS * 3_600_000;
    const failed = permanent(error) || expired;
    const delay = retryDelayMs(notice.attempts);
    await client.$executeRaw`
      UPDATE notices SET state = ${failed ? "failed" : "queued"}::notice_state, lease_until = NULL,
        last_error = ${reason(error)}, next_attempt_at = now() + ${delay} * interval '1 millisecond'
      WHERE id = ${notice.id}::uuid AND state = 'sending'`;
    logger().warn(
      { notice: notice.id, attempts: notice.attempts, failed, error: reason(error) },
      "notice not delivered",
    );
    return false;
  }
}

/** Delivers what is due now, batch after batch; the number delivered. */
export async function deliverDueNotices(client: PrismaClient, mailer: Mailer): Promise<number> {
  let delivered = 0;
  for (;;) {
    const batch = await claimDue(client);
    if (batch.length === 0) return delivered;
    const results = await Promise.all(batch.map((notice) => deliver(client, mailer, notice)));
    delivered += results.filter(Boolean).length;
    // A batch that failed whole: the mail server is down; wait for the next round.
    if (!results.some(Boolean)) return delivered;
  }
}

/** SQL's spelling of sqlInstant(), applied to a timestamptz(3) column. */
const ISO = (column: Prisma.Sql) => Prisma.sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The timed reminders: a pending quote expiring within 24 hours, and a ready
 * item not collected after the shop's days. Each is written with a key of
 * its occasion (the quote's creation, the day it became ready), unique in the
 * table, so several servers running this at once queue it once.
 */
export async function queueReminders(client: PrismaClient, now = new Date()): Promise<number> {
  let queued = 0;
  const expiring = await client.$queryRaw<{ id: string }[]>`
    SELECT r.id FROM repairs r JOIN shops s ON s.id = r.shop_id
    WHERE r.quote_status = 'pending' AND r.customer_email IS NOT NULL
      AND r.quote_expires_at > ${now} AND r.quote_expires_at <= ${now}::timestamptz + interval '24 hours'
      AND s.notify_quote_expiring
      AND NOT EXISTS (SELECT 1 FROM notices n WHERE n.dedupe_key = 'quote_expiring:' || r.id || ':' || ${ISO(Prisma.raw("r.quote_created_at"))})
    LIMIT 500`;
  for (const { id } of expiring) {
    queued += await remind(
      client,
      id,
      "quote_expiring",
      (r) => `quote_expiring:${r.id}:${sqlInstant(r.quoteCreatedAt)}`,
    );
  }
  const ready = await client.$queryRaw<{ id: string; readySince: Date }[]>`
    SELECT r.id, h.changed_at AS "readySince" FROM repairs r JOIN shops s ON s.id = r.shop_id
    CROSS JOIN LATERAL (SELECT changed_at FROM status_history WHERE repair_id = r.id AND to_status = 'ready'
                        ORDER BY changed_at DESC LIMIT 1) h
    WHERE r.status = 'ready' AND r.customer_email IS NOT NULL AND s.notify_not_collected_days IS NOT NULL
      AND h.changed_at <= ${now}::timestamptz - s.notify_not_collected_days * interval '1 day'
      AND NOT EXISTS (SELECT 1 FROM notices n WHERE n.dedupe_key = 'not_collected:' || r.id || ':' || ${ISO(Prisma.raw("h.changed_at"))})
    LIMIT 500`;
  for (const { id, readySince } of ready) {
    queued += await remind(
      client,
      id,
      "not_collected",
      (r) => `not_collected:${r.id}:${sqlInstant(readySince)}`,
      readySince,
    );
  }
  return queued;
}

/** An instant in a reminder's key: ISO 8601 in UTC with milliseconds, written alike here and in SQL (ISO). */
function sqlInstant(date: Date | null): string {
  return date === null ? "" : date.toISOString();
}

async function remind(
  client: PrismaClient,
  id: string,
  event: "quote_expiring" | "not_collected",
  key: (repair: Repair) => string,
  readySince?: Date,
): Promise<number> {
  try {
    await client.$transaction(async (tx) => {
      const repair = await tx.repair.findUniqueOrThrow({ where: { id } });
      const shop: Shop = await tx.shop.findUniqueOrThrow({ where: { id: repair.shopId } });
      await writeNotice(tx, repair, shop, event, { dedupeKey: key(repair), readySince });
    });
    return 1;
  } catch (error) {
    // Another server queued it first: the unique key says so.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return 0;
    throw error;
  }
}

/**
 * Starts the worker in this process (instrumentation.ts), when mail is
 * configured: a round every NOTICE_POLL_MS and whenever a notice is queued
 * here, the reminders every minute. Returns its stop function.
 */
export function startNoticeWorker(client: () => PrismaClient): () => void {
  if (!mailConfigured()) return () => undefined;
  const mailer = smtpMailer();
  const log = logger();
  let running: Promise<void> | null = null;
  let again = false;
  let lastReminders = 0;
  let stopped = false;
  const round = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        if (Date.now() - lastReminders >= 60_000) {
          lastReminders = Date.now();
          await queueReminders(client());
        }
        await deliverDueNotices(client(), mailer);
      } catch (error) {
        log.warn({ error: error instanceof Error ? error.message : String(error) }, "notice worker round failed");
      } finally {
        running = null;
        if (again) {
          again = false;
          round();
        }
      }
    })();
  };
  const timer = setInterval(round, settings().NOTICE_POLL_MS);
  timer.unref();
  noticeQueued.on("queued", round);
  round();
  log.info({ pollMs: settings().NOTICE_POLL_MS }, "notice worker started");
  return () => {
    stopped = true;
    clearInterval(timer);
    noticeQueued.off("queued", round);
    mailer.close();
  };
}
