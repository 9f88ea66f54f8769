import { authedRoute, ownerRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import { getInvoicing, saveInvoicing } from "@/lib/invoicing/settings";

export const GET = authedRoute(async ({ db, caller }) => json(await getInvoicing(db, caller.shopId)));

export const PUT = ownerRoute(async ({ db, request, caller }) =>
  json(await saveInvoicing(db, caller, await readJson(request))),
);
