import { authedRoute, ownerRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import { getShopDetails, updateShopDetails } from "@/lib/shop/details";

export const GET = authedRoute(async ({ db, caller }) => json(await getShopDetails(db, caller)));

export const PUT = ownerRoute(async ({ db, request, caller }) =>
  json(await updateShopDetails(db, caller, await readJson(request))),
);
