import { enableTwoFactor } from "@/lib/auth/two-factor";
import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

export const POST = authedRoute(async ({ db, request, caller }) => {
  return json(await enableTwoFactor(db, caller, await readJson(request)));
});
