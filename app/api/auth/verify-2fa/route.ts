import { verifyTwofaSchema } from "@/lib/auth/schema";
import { enableTwoFactor } from "@/lib/auth/two-factor";
import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

export const POST = authedRoute(async ({ db, request, caller }) => {
  const proof = verifyTwofaSchema.parse(await readJson(request));
  return json(await enableTwoFactor(db, caller, proof));
});
