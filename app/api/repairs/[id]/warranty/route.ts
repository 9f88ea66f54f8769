import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { warrantyLinks } from "@/lib/repairs/warranty";

export const GET = authedRoute(async ({ db, caller, params }) =>
  json(await warrantyLinks(db, caller.shopId, params.id)),
);
