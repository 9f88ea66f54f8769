import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { premisesTotals } from "@/lib/repairs/premises";
import { workQueues } from "@/lib/repairs/queues";

/** The dashboard's counts: the work queues, the repairs per status, and the goods on the premises. */
export const GET = authedRoute(async ({ db, caller }) => {
  const [queues, goods] = await Promise.all([workQueues(db, caller.shopId), premisesTotals(db, caller.shopId)]);
  return json({ ...queues, goods });
});
