import { authedRoute } from "@/lib/http/handler";
import { BODY_LIMITS, json, readJson, readQuery } from "@/lib/http/respond";
import { createRepair } from "@/lib/repairs/mutations";
import { listRepairs } from "@/lib/repairs/queries";
import { listQuerySchema } from "@/lib/repairs/schema";

export const GET = authedRoute(async ({ db, request, caller }) => {
  const query = listQuerySchema.parse(readQuery(request));
  return json(await listRepairs(db, caller.shopId, query));
});

export const POST = authedRoute(async ({ db, request, caller }) =>
  json(await createRepair(db, caller, await readJson(request, BODY_LIMITS.repair)), { status: 201 }),
);
