import { authedRoute } from "@/lib/http/handler";
import { json, readQuery } from "@/lib/http/respond";
import { xlsxResponse } from "@/lib/export/sheet";
import { goodsOnPremises, goodsOnPremisesXlsx } from "@/lib/repairs/premises";
import { getSettings } from "@/lib/settings/settings";

/** The goods on the premises (docs/counter.md): totals and pages (`list`, `after`); `?format=xlsx`: every item as a spreadsheet. */
export const GET = authedRoute(async ({ db, request, caller }) => {
  const query = readQuery(request);
  if (query.format !== "xlsx") return json(await goodsOnPremises(db, caller.shopId, query));
  const { language, time_zone } = await getSettings(db, caller);
  const { fileName, body } = await goodsOnPremisesXlsx(db, caller.shopId, { language, timeZone: time_zone });
  return xlsxResponse(fileName, body);
});
