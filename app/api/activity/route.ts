import { activityXlsx, listActivity } from "@/lib/activity/activity";
import { xlsxResponse } from "@/lib/export/sheet";
import { ownerRoute } from "@/lib/http/handler";
import { json, readQuery } from "@/lib/http/respond";
import { getSettings } from "@/lib/settings/settings";

/** The shop's activity (owners): `from`, `to`, `after`; `format=xlsx` for the spreadsheet. */
export const GET = ownerRoute(async ({ db, request, caller }) => {
  const query = readQuery(request);
  if (query.format !== "xlsx") return json(await listActivity(db, caller.shopId, query));
  const { language, time_zone } = await getSettings(db, caller);
  const { fileName, body } = await activityXlsx(db, caller.shopId, query, { language, timeZone: time_zone });
  return xlsxResponse(fileName, body);
});
