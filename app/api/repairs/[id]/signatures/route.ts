import { authedRoute } from "@/lib/http/handler";
import { BODY_LIMITS, json, readJson } from "@/lib/http/respond";
import { assertImageRoom } from "@/lib/photos/image";
import { addSignature, listSignatures } from "@/lib/repairs/signatures";

export const GET = authedRoute(async ({ db, caller, params }) =>
  json(await listSignatures(db, { shopId: caller.shopId, repairId: params.id, userId: caller.userId })),
);

export const POST = authedRoute(async ({ db, request, caller, params }) => {
  assertImageRoom();
  const body = await readJson(request, BODY_LIMITS.signature);
  const scope = { shopId: caller.shopId, repairId: params.id, userId: caller.userId };
  return json(await addSignature(db, scope, body), { status: 201 });
});
