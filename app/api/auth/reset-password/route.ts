import { resetPassword } from "@/lib/auth/password-reset";
import { clientIp, route } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

export const POST = route(async ({ db, request }) =>
  json(await resetPassword(db, await readJson(request), clientIp(request))),
);
