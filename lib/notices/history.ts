import { AppError, successText } from "@/lib/errors";
import type { Notice, PrismaClient } from "@/lib/generated/prisma/client";
import { assertRepairId, notFound } from "@/lib/repairs/queries";
import { isUuid } from "@/lib/uuid";
import { mailConfigured, wakeWorker } from "./queue";

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
 * as a new notice, to the repair's email as it is now.
 */
export async function resendNotice(client: PrismaClient, shopId: string, repairId: string, noticeId: string) {
  assertRepairId(repairId);
  if (!isUuid(noticeId)) throw new AppError("noticeNotFound");
  if (!mailConfigured()) throw new AppError("mailNotConfigured");
  const copy = await client.$transaction(async (tx) => {
    const repair = await tx.repair.findFirst({ where: { id: repairId, shopId }, select: { customerEmail: true } });
    if (!repair) throw notFound();
    if (!repair.customerEmail) throw new AppError("noCustomerEmail");
    const original = await tx.notice.findFirst({ where: { id: noticeId, repairId, shopId } });
    if (!original) throw new AppError("noticeNotFound");
    return tx.notice.create({
      data: {
        shopId,
        repairId,
        event: original.event,
        status: original.status,
        toEmail: repair.customerEmail,
        language: original.language,
        subject: original.subject,
        textBody: original.textBody,
        htmlBody: original.htmlBody,
      },
    });
  });
  wakeWorker();
  return { notice: noticeJson(copy), message: successText("noticeQueued") };
}
