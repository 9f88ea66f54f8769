import { route } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import { completeSetup } from "@/lib/setup/first-run";

export const POST = route(async ({ db, request }) => {
  const created = await completeSetup(db, await readJson(request));
  return json({ shopId: created.shopId, email: created.email }, { status: 201 });
});
