import { authedRoute } from "@/lib/http/handler";
import { BODY_LIMITS, json, readJson } from "@/lib/http/respond";
import { receiveUpload } from "@/lib/photos/photos";
import { addSignature, listSignatures } from "@/lib/repairs/signatures";

export const GET = authedRoute(async ({ db, caller, params }) =>
  json(await listSignatures(db, { shopId: caller.shopId, repairId: params.id, userId: caller.userId })),
);

export const POST = authedRoute(async ({ db, request, caller, params }) => {
  const scope = { shopId: caller.shopId, repairId: params.id, userId: caller.userId };
  return receiveUpload(db, scope, async () =>
    json(await addSignature(db, scope, await readJson(request, BODY_LIMITS.signature)), { status: 201 }),
  );
});
