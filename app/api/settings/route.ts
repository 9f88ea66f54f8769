import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import { getSettings, updateSettings } from "@/lib/settings/settings";

export const GET = authedRoute(async ({ db, caller }) => json(await getSettings(db, caller)));

export const PUT = authedRoute(async ({ db, request, caller }) => {
  return json(await updateSettings(db, caller, await readJson(request)));
});
