import { etag, ifMatch } from "@/lib/http/etag";
import { authedRoute } from "@/lib/http/handler";
import { json, readJson } from "@/lib/http/respond";
import { addPayment, listPayments } from "@/lib/payments/payments";
import { getSettings } from "@/lib/settings/settings";

export const GET = authedRoute(async ({ db, caller, params }) =>
  json(await listPayments(db, caller.shopId, params.id)),
);

export const POST = authedRoute(async ({ db, request, caller, params }) => {
  const body = await readJson(request);
  // An amount typed as text is read the way the caller's language writes it.
  const { language } = await getSettings(db, caller);
  const payment = await addPayment(db, caller, params.id, body, language, ifMatch(request));
  return json(payment, { status: 201, headers: { ETag: etag(payment.repair_version) } });
});
