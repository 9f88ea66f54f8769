import { exportRepairs } from "@/lib/export/excel";
import { authedRoute } from "@/lib/http/handler";
import { readJson } from "@/lib/http/respond";
import { getSettings } from "@/lib/settings/settings";

export const POST = authedRoute(async ({ db, request, caller }) => {
  const { language } = await getSettings(db, caller.userId);
  const { fileName, body } = await exportRepairs(db, caller.shopId, language, await readJson(request));
  return new Response(body, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
