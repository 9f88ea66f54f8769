import { login } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schema";
import { clientIp, route } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

export const POST = route(async ({ db, request }) => {
  const input = loginSchema.parse(await readJson(request));
  return json(await login(db, input, clientIp(request)));
});
