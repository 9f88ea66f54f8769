import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { resendNotice } from "@/lib/notices/history";

export const POST = authedRoute(async ({ db, caller, params }) =>
  json(await resendNotice(db, caller.shopId, params.id, params.noticeId), { status: 201 }),
);
