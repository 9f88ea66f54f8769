import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { relatedRepairs } from "@/lib/repairs/related";

/** The same customer's other repairs (same phone or email), newest first. */
export const GET = authedRoute(async ({ db, caller, params }) =>
  json(await relatedRepairs(db, caller.shopId, params.id)),
);
