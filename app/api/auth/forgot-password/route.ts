import { askPasswordReset } from "@/lib/auth/password-reset";
import { clientIp, route } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import { mailConfigured } from "@/lib/notices/queue";

/** Whether this server can mail a link (else the page says whom to ask). */
export const GET = route(async () => json({ mail_configured: mailConfigured() }));

export const POST = route(async ({ db, request }) =>
  json(await askPasswordReset(db, await readJson(request), clientIp(request))),
);
