import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { repairHistory } from "@/lib/repairs/history";

/** Everything that happened to the repair, newest first, with who and when. */
export const GET = authedRoute(async ({ db, caller, params }) =>
  json(await repairHistory(db, caller.shopId, params.id)),
);
