import { authedRoute } from "@/lib/http/handler";
import { BODY_LIMITS, json, readJson, readQuery } from "@/lib/http/respond";
import { createRepair } from "@/lib/repairs/mutations";
import { listRepairs } from "@/lib/repairs/queries";

export const GET = authedRoute(async ({ db, request, caller }) => {
  return json(await listRepairs(db, caller.shopId, readQuery(request)));
});

export const POST = authedRoute(async ({ db, request, caller }) =>
  json(await createRepair(db, caller, await readJson(request, BODY_LIMITS.repair)), { status: 201 }),
);
