import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import type { SettingsInput } from "@/lib/settings/schema";
import { getSettings, updateSettings } from "@/lib/settings/settings";

export const GET = authedRoute(async ({ db, caller }) => json(await getSettings(db, caller)));

export const PUT = authedRoute(async ({ db, request, caller }) => {
  const body = (await readJson(request)) as SettingsInput;
  return json(await updateSettings(db, caller, body));
});
