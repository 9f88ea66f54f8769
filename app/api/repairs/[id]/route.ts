import { ifMatch, repairAnswer } from "@/lib/http/etag";
import { authedRoute } from "@/lib/http/handler";
import { BODY_LIMITS, json, readJson, readJsonIfAny } from "@/lib/http/respond";
import { deleteRepair } from "@/lib/repairs/archive";
import { updateRepair } from "@/lib/repairs/mutations";
import { getRepair } from "@/lib/repairs/queries";

export const GET = authedRoute(async ({ db, caller, params }) =>
  repairAnswer(await getRepair(db, caller.shopId, params.id)),
);

export const PUT = authedRoute(async ({ db, request, caller, params }) =>
  repairAnswer(
    await updateRepair(db, caller, params.id, await readJson(request, BODY_LIMITS.repair), ifMatch(request)),
  ),
);

/** The spec's call has no body; `{ reason }` is recorded with a kept repair or an erased number. */
export const DELETE = authedRoute(async ({ db, request, caller, params }) => {
  const outcome = await deleteRepair(db, caller, params.id, await readJsonIfAny(request));
  return json({ success: true, kept: outcome === "archived" });
});
