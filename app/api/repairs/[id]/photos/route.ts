import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readPhotoParts } from "@/lib/photos/multipart";
import { addPhotos, listPhotos, receiveUpload } from "@/lib/photos/photos";

export const GET = authedRoute(async ({ db, caller, params }) =>
  json(await listPhotos(db, { shopId: caller.shopId, repairId: params.id })),
);

export const POST = authedRoute(async ({ db, request, caller, params }) => {
  const scope = { shopId: caller.shopId, repairId: params.id, userId: caller.userId };
  return receiveUpload(db, scope, async () => {
    const files = await readPhotoParts(request);
    const stage = new URL(request.url).searchParams.get("stage");
    return json(await addPhotos(db, scope, files, stage), { status: 201 });
  });
});
