import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { replaceStatusLink } from "@/lib/repairs/mutations";

/** POST: replace the customer's status link; the old one stops working at once. */
export const POST = authedRoute(async ({ db, caller, params }) => json(await replaceStatusLink(db, caller, params.id)));
