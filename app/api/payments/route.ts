import { xlsxResponse } from "@/lib/export/sheet";
import { authedRoute } from "@/lib/http/handler";
import { json, readQuery } from "@/lib/http/respond";
import { takings, takingsXlsx } from "@/lib/payments/takings";
import { getSettings } from "@/lib/settings/settings";

/** The day's takings (docs/money.md): `from`, `to`; `format=xlsx` for the spreadsheet. */
export const GET = authedRoute(async ({ db, request, caller }) => {
  const query = readQuery(request);
  if (query.format !== "xlsx") return json(await takings(db, caller.shopId, query));
  const { language, time_zone } = await getSettings(db, caller);
  const { fileName, body } = await takingsXlsx(db, caller.shopId, query, { language, timeZone: time_zone });
  return xlsxResponse(fileName, body);
});
