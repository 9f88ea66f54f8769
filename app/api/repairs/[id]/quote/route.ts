import { authedRoute } from "@/lib/http/handler";
import { BODY_LIMITS, json, readJson } from "@/lib/http/respond";
import { setQuote } from "@/lib/repairs/mutations";

export const PATCH = authedRoute(async ({ db, request, caller, params }) =>
  json(await setQuote(db, caller, params.id, await readJson(request, BODY_LIMITS.repair))),
);
