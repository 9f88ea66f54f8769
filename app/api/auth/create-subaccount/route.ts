import { createSubaccount } from "@/lib/accounts/create-subaccount";
import type { SubaccountInput } from "@/lib/auth/schema";
import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

export const POST = authedRoute(async ({ db, request, caller }) => {
  const body = (await readJson(request)) as SubaccountInput;
  return json(await createSubaccount(db, caller.shopId, body), { status: 201 });
});
