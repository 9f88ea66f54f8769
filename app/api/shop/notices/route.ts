import { authedRoute, ownerRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import { getNoticeSettings, saveNoticeSettings } from "@/lib/notices/settings";

export const GET = authedRoute(async ({ db, caller }) => json(await getNoticeSettings(db, caller)));

export const PUT = ownerRoute(async ({ db, request, caller }) =>
  json(await saveNoticeSettings(db, caller, await readJson(request))),
);
