import { authedRoute } from "@/lib/http/handler";
import { ifMatch, repairAnswer } from "@/lib/http/etag";
import { readJson } from "@/lib/http/respond";
import { changeStatus } from "@/lib/repairs/mutations";

export const PATCH = authedRoute(async ({ db, request, caller, params }) =>
  repairAnswer(await changeStatus(db, caller, params.id, await readJson(request), ifMatch(request))),
);
