import { repairAnswer } from "@/lib/http/etag";
import { ownerRoute } from "@/lib/http/handler";
import { restoreRepair } from "@/lib/repairs/archive";

/** An archived repair back in the list (owners). */
export const POST = ownerRoute(async ({ db, caller, params }) =>
  repairAnswer(await restoreRepair(db, caller, params.id)),
);
