import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { customerSuggestions } from "@/lib/repairs/customers";

/** The customers of earlier repairs a typed name or phone finds (the new-repair form's lookup). */
export const GET = authedRoute(async ({ db, caller, request }) =>
  json(await customerSuggestions(db, caller.shopId, new URL(request.url).searchParams.get("q"))),
);
