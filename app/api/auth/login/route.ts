import { login } from "@/lib/auth/login";
import { clientIp, route } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

export const POST = route(async ({ db, request }) => {
  return json(await login(db, await readJson(request), clientIp(request)));
});
