import { disableTwoFactor } from "@/lib/auth/two-factor";
import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

export const POST = authedRoute(async ({ db, request, caller }) => {
  return json(await disableTwoFactor(db, caller, await readJson(request)));
});
