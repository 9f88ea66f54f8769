import type { PrismaClient, Repair } from "@/lib/generated/prisma/client";
import { assertRepairId, notFound } from "@/lib/repairs/queries";
import { awaitsQuoteAnswer, effectiveQuoteStatus } from "@/lib/repairs/workflow";
import { statusUrl } from "@/lib/status-link/link";
import { chatNumber } from "./chat-number";
import { renderChat, type NoticeEvent } from "./content";
import { factsOf } from "./queue";

// "Send by WhatsApp" (docs/customers.md): the news a notice would give about
// the repair as it is now, in the customer's language with the status link,
// as a wa.me link the staff's phone or computer opens in WhatsApp. Nothing is
// sent by the server; the shop sends it from its own WhatsApp.

/** The news of a repair as it stands: a pending quote, ready, just taken in, or its status. */
function newsOf(repair: Repair): NoticeEvent {
  if (effectiveQuoteStatus(repair.quoteStatus, repair.quoteExpiresAt) === "pending" && awaitsQuoteAnswer(repair.status))
    return "quote";
  if (repair.status === "ready") return "ready";
  if (repair.status === "received") return "received";
  return "status";
}

/** GET /repairs/{id}/whatsapp: the link, or null when the customer has no number that takes messages. */
export async function chatLink(client: PrismaClient, shopId: string, id: string): Promise<{ url: string | null }> {
  assertRepairId(id);
  const repair = await client.repair.findFirst({ where: { id, shopId } });
  if (!repair) throw notFound();
  const number = chatNumber(repair.customerPhone);
  if (!number) return { url: null };
  const shop = await client.shop.findUniqueOrThrow({ where: { id: shopId } });
  const text = renderChat({ ...factsOf(repair, shop, newsOf(repair)), statusUrl: statusUrl(repair.statusToken) });
  return { url: `https://wa.me/${number}?text=${encodeURIComponent(text)}` };
}
