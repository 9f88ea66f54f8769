import { repairAnswer } from "@/lib/http/etag";
import { authedRoute } from "@/lib/http/handler";
import { replaceStatusLink } from "@/lib/repairs/mutations";

/** POST: replace the customer's status link; the old one stops working at once. */
export const POST = authedRoute(async ({ db, caller, params }) =>
  repairAnswer(await replaceStatusLink(db, caller, params.id)),
);
