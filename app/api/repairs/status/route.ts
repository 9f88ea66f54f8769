import { authedRoute } from "@/lib/http/handler";
import { BODY_LIMITS, json, readJson } from "@/lib/http/respond";
import { changeStatuses } from "@/lib/repairs/mutations";

/** Several repairs to one status, all or none (the list's selection). */
export const PATCH = authedRoute(async ({ db, request, caller }) =>
  json(await changeStatuses(db, caller, await readJson(request, BODY_LIMITS.repair))),
);
