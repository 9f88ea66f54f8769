import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { listNotices } from "@/lib/notices/history";

export const GET = authedRoute(async ({ db, caller, params }) => json(await listNotices(db, caller.shopId, params.id)));
