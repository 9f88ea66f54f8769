import { createSubaccount } from "@/lib/accounts/create-subaccount";
import { ownerRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

export const POST = ownerRoute(async ({ db, request, caller }) =>
  json(await createSubaccount(db, caller, await readJson(request)), { status: 201 }),
);
