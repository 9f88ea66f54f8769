import type { Caller } from "@/lib/auth/authenticate";
import { sessionIsOpen } from "@/lib/auth/sessions";
import { signTicket, verifyTicket } from "@/lib/auth/tokens";
import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { takeSlot } from "@/lib/rate-limit";
import { getSettings } from "@/lib/settings/settings";
import { isUuid } from "@/lib/uuid";
import { anyToExport } from "./excel";
import { exportSchema } from "./schema";

// An export's download link. Fetched by the page, a large export (63 MB at a
// million repairs) was held whole in the browser's memory before it could
// be saved; opened as a link, the browser saves it to disk as it streams.
// The link itself is the credential: signed with the server's key for one
// caller's session and these choices, good for one download within a minute,
// and only while that session is open (signed out or removed, it stops).

export const TICKET_SECONDS = 60;
const KIND = "export";

/**
 * The path of a download of this export. Its choices are checked now, and
 * that anything matches them, so the screen says so, not the link.
 */
export async function exportLink(client: PrismaClient, caller: Caller, input: unknown): Promise<string> {
  // As sent (the download reads it with the same schema), once it is known to be valid.
  exportSchema.parse(input);
  const { time_zone } = await getSettings(client, caller);
  if (!(await anyToExport(client, caller.shopId, input, time_zone))) throw new AppError("exportEmpty");
  const ticket = await signTicket(
    KIND,
    { shop: caller.shopId, sub: caller.userId, sid: caller.familyId, request: input },
    TICKET_SECONDS,
  );
  return `/api/export/excel?ticket=${ticket}`;
}

/** The caller and choices a link was made for; refused if it is not one, expired, used already, or its session ended. */
export async function openExportLink(client: PrismaClient, ticket: string) {
  const data = await verifyTicket(KIND, ticket);
  if (!data || typeof data.shop !== "string" || typeof data.sub !== "string" || typeof data.sid !== "string")
    throw new AppError("exportLinkUsed");
  const caller = { shopId: data.shop, userId: data.sub, familyId: data.sid };
  if (!isUuid(caller.familyId) || !(await sessionIsOpen(client, caller))) throw new AppError("exportLinkUsed");
  await takeSlot(client, {
    key: `export-link:${data.jti}`,
    max: 1,
    windowMs: (TICKET_SECONDS + 60) * 1000,
    code: "exportLinkUsed",
  });
  return { caller, request: data.request };
}
