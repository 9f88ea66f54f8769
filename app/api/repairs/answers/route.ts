import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { customerAnswers } from "@/lib/repairs/answers";

/** The customers' answers to quotes since `after` (the open screens ask every few seconds). */
export const GET = authedRoute(async ({ db, caller, request }) =>
  json(await customerAnswers(db, caller.shopId, Object.fromEntries(new URL(request.url).searchParams))),
);
