import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import { deleteWorkshop, updateWorkshop } from "@/lib/workshops/workshops";

export const PUT = authedRoute(async ({ db, request, caller, params }) =>
  json(await updateWorkshop(db, caller, params.id, await readJson(request))),
);

export const DELETE = authedRoute(async ({ db, caller, params }) => json(await deleteWorkshop(db, caller, params.id)));
