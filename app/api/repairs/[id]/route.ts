import { ifMatch, repairAnswer } from "@/lib/http/etag";
import { authedRoute } from "@/lib/http/handler";
import { BODY_LIMITS, json, readJson } from "@/lib/http/respond";
import { deleteRepair, updateRepair } from "@/lib/repairs/mutations";
import { getRepair } from "@/lib/repairs/queries";

export const GET = authedRoute(async ({ db, caller, params }) =>
  repairAnswer(await getRepair(db, caller.shopId, params.id)),
);

export const PUT = authedRoute(async ({ db, request, caller, params }) =>
  repairAnswer(
    await updateRepair(db, caller, params.id, await readJson(request, BODY_LIMITS.repair), ifMatch(request)),
  ),
);

export const DELETE = authedRoute(async ({ db, caller, params }) => {
  await deleteRepair(db, caller.shopId, params.id);
  return json({ success: true });
});
