import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { workQueues } from "@/lib/repairs/queues";

export const GET = authedRoute(async ({ db, caller }) => json(await workQueues(db, caller.shopId)));
