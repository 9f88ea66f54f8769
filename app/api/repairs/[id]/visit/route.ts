import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { visitOf } from "@/lib/repairs/visits";

export const GET = authedRoute(async ({ db, caller, params }) => json(await visitOf(db, caller.shopId, params.id)));
