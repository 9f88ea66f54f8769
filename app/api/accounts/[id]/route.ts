import { removeAccount } from "@/lib/accounts/accounts";
import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

/** Removes another account of the shop; the body is `{ password }`, the caller's own. */
export const DELETE = authedRoute(async ({ db, request, caller, params }) =>
  json(await removeAccount(db, caller, params.id, await readJson(request))),
);
