import type { Caller } from "@/lib/auth/authenticate";
import { exportRepairs } from "@/lib/export/excel";
import { openExportLink } from "@/lib/export/ticket";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { authedRoute, route } from "@/lib/http/handler";
import { errorResponse, readJson } from "@/lib/http/respond";
import { getSettings } from "@/lib/settings/settings";

async function spreadsheet(db: PrismaClient, caller: Pick<Caller, "shopId" | "userId">, choices: unknown) {
  const { language, time_zone } = await getSettings(db, caller);
  const { fileName, body } = await exportRepairs(db, caller.shopId, { language, timeZone: time_zone }, choices);
  return new Response(body, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** The spec's call: the file in the answer. */
export const POST = authedRoute(async ({ db, request, caller }) => spreadsheet(db, caller, await readJson(request)));

/**
 * A download link made by POST /export/link (?ticket=), opened by the
 * browser, which saves the file to disk as it comes. Opened as a page, an
 * error goes back to the export screen, which says it in the user's language.
 */
export const GET = route(async ({ db, request }) => {
  try {
    const { caller, request: choices } = await openExportLink(
      db,
      new URL(request.url).searchParams.get("ticket") ?? "",
    );
    return await spreadsheet(db, caller, choices);
  } catch (error) {
    const { code } = (await errorResponse(error, request).json()) as { code: string };
    return new Response(null, { status: 303, headers: { Location: `/export?failed=${encodeURIComponent(code)}` } });
  }
});
