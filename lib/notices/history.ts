import { AppError, successText } from "@/lib/errors";
import type { Notice, PrismaClient } from "@/lib/generated/prisma/client";
import { assertRepairId, notFound } from "@/lib/repairs/queries";
import { isUuid } from "@/lib/uuid";
import { limits, takeSlot } from "@/lib/rate-limit";
import { assertMailRoom, mailConfigured, wakeWorker, writeNotice } from "./queue";

// A repair's notices, as staff see them on its screen, and "send again".

export function noticeJson(notice: Notice) {
  return {
    id: notice.id,
    event: notice.event,
    status: notice.status,
    to_email: notice.toEmail,
    subject: notice.subject,
    state: notice.state,
    attempts: notice.attempts,
    last_error: notice.lastError,
    next_attempt_at: notice.nextAttemptAt.toISOString(),
    created_at: notice.createdAt.toISOString(),
    sent_at: notice.sentAt?.toISOString() ?? null,
  };
}
export type NoticeJson = ReturnType<typeof noticeJson>;

/** GET /repairs/{id}/notices: newest first. */
export async function listNotices(client: PrismaClient, shopId: string, repairId: string) {
  assertRepairId(repairId);
  const repair = await client.repair.findFirst({ where: { id: repairId, shopId }, select: { id: true } });
  if (!repair) throw notFound();
  const notices = await client.notice.findMany({
    where: { shopId, repairId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 100,
  });
  return { mail_configured: mailConfigured(), notices: notices.map(noticeJson) };
}

/**
 * POST /repairs/{id}/notices/{noticeId}/resend: the same message queued again,
 * as a new notice, made afresh from the repair as it is now (its email, its
 * status link), within the caps of "send again" and of the shop's mail.
 */
export async function resendNotice(client: PrismaClient, shopId: string, repairId: string, noticeId: string) {
  assertRepairId(repairId);
  if (!isUuid(noticeId)) throw new AppError("noticeNotFound");
  if (!mailConfigured()) throw new AppError("mailNotConfigured");
  const original = await client.notice.findFirst({ where: { id: noticeId, repairId, shopId } });
  if (!original) {
    if (!(await client.repair.findFirst({ where: { id: repairId, shopId }, select: { id: true } }))) throw notFound();
    throw new AppError("noticeNotFound");
  }
  await takeSlot(client, limits.resendPerNotice(noticeId));
  await takeSlot(client, limits.resendPerRepair(repairId));
  const copy = await client.$transaction(async (tx) => {
    const repair = await tx.repair.findFirst({ where: { id: repairId, shopId } });
    if (!repair) throw notFound();
    // The shop's own email about an answer says what happened then, to the address it went to.
    if (original.event === "answered") {
      await assertMailRoom(tx, shopId);
      const { event, status, toEmail, language, subject, textBody, htmlBody } = original;
      return tx.notice.create({
        data: { shopId, repairId, event, status, toEmail, language, subject, textBody, htmlBody },
      });
    }
    if (!repair.customerEmail) throw new AppError("noCustomerEmail");
    const shop = await tx.shop.findUniqueOrThrow({ where: { id: shopId } });
    await assertMailRoom(tx, shopId);
    return writeNotice(tx, repair, shop, original.event, { status: original.status });
  });
  wakeWorker();
  return { notice: noticeJson(copy), message: successText("noticeQueued") };
}
