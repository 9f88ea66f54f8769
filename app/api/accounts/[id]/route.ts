import { removeAccount } from "@/lib/accounts/accounts";
import { changeRole } from "@/lib/accounts/roles";
import { ownerRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

/** Removes another account of the shop; the body is `{ password }`, the caller's own. */
export const DELETE = ownerRoute(async ({ db, request, caller, params }) =>
  json(await removeAccount(db, caller, params.id, await readJson(request))),
);

/** Makes an account of the shop an owner or staff: `{ role }`. */
export const PATCH = ownerRoute(async ({ db, request, caller, params }) =>
  json(await changeRole(db, caller, params.id, await readJson(request))),
);
