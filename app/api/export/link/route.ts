import { exportLink } from "@/lib/export/ticket";
import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";

/** A one-time link to download this export (GET /export/excel?ticket=), good for a minute. */
export const POST = authedRoute(async ({ db, request, caller }) =>
  json({ url: await exportLink(db, caller, await readJson(request)) }, { status: 201 }),
);
