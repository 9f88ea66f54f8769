import { authedRoute } from "@/lib/http/handler";
import { json, readQuery } from "@/lib/http/respond";
import { warrantyCandidates } from "@/lib/repairs/warranty";

/** What a new repair may be the comeback of: `serial`, and `phone` or `email`. */
export const GET = authedRoute(async ({ db, request, caller }) =>
  json(await warrantyCandidates(db, caller.shopId, readQuery(request))),
);
