import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { xlsxResponse } from "@/lib/export/sheet";
import { goodsOnPremises, goodsOnPremisesXlsx } from "@/lib/repairs/premises";
import { getSettings } from "@/lib/settings/settings";

/** The goods on the premises (docs/counter.md); `?format=xlsx`: the same as a spreadsheet. */
export const GET = authedRoute(async ({ db, request, caller }) => {
  if (new URL(request.url).searchParams.get("format") !== "xlsx") return json(await goodsOnPremises(db, caller.shopId));
  const { language, time_zone } = await getSettings(db, caller);
  const { fileName, body } = await goodsOnPremisesXlsx(db, caller.shopId, { language, timeZone: time_zone });
  return xlsxResponse(fileName, body);
});
