import { refreshSession } from "@/lib/auth/sessions";
import { clientIp, route } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import { limits, takeSlot } from "@/lib/rate-limit";

export const POST = route(async ({ db, request }) => {
  await takeSlot(db, limits.refreshPerIp(clientIp(request)));
  return json(await refreshSession(db, await readJson(request)));
});
