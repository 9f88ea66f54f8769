import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import { voidPayment } from "@/lib/payments/payments";

export const POST = authedRoute(async ({ db, request, caller, params }) =>
  json(await voidPayment(db, caller, params.id, params.paymentId, await readJson(request))),
);
