import { authedRoute } from "@/lib/http/handler";
import { ifMatch, repairAnswer } from "@/lib/http/etag";
import { BODY_LIMITS, readJson } from "@/lib/http/respond";
import { setQuote } from "@/lib/repairs/mutations";

export const PATCH = authedRoute(async ({ db, request, caller, params }) =>
  repairAnswer(await setQuote(db, caller, params.id, await readJson(request, BODY_LIMITS.repair), ifMatch(request))),
);
