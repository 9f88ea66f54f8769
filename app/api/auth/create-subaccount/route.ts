import { createSubaccount } from "@/lib/accounts/create-subaccount";
import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

export const POST = authedRoute(async ({ db, request, caller }) => {
  return json(await createSubaccount(db, caller.shopId, await readJson(request)), { status: 201 });
});
