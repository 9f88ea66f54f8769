import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import { createWorkshop, listWorkshops } from "@/lib/workshops/workshops";

export const GET = authedRoute(async ({ db, caller }) => json(await listWorkshops(db, caller)));

export const POST = authedRoute(async ({ db, request, caller }) =>
  json(await createWorkshop(db, caller, await readJson(request)), { status: 201 }),
);
