import { exportRepairs } from "@/lib/export/excel";
import { authedRoute } from "@/lib/http/handler";
import { readJson } from "@/lib/http/respond";
import { getSettings } from "@/lib/settings/settings";

export const POST = authedRoute(async ({ db, request, caller }) => {
  const { language, time_zone } = await getSettings(db, caller);
  const { fileName, body } = await exportRepairs(
    db,
    caller.shopId,
    { language, timeZone: time_zone },
    await readJson(request),
  );
  return new Response(body, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
