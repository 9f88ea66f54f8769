import { disableTwofaSchema } from "@/lib/auth/schema";
import { disableTwoFactor } from "@/lib/auth/two-factor";
import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

export const POST = authedRoute(async ({ db, request, caller }) => {
  const proof = disableTwofaSchema.parse(await readJson(request));
  return json(await disableTwoFactor(db, caller, proof));
});
