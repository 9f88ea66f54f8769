import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { assertImageRoom } from "@/lib/photos/image";
import { readPhotoParts } from "@/lib/photos/multipart";
import { addPhotos, listPhotos } from "@/lib/photos/photos";

export const GET = authedRoute(async ({ db, caller, params }) =>
  json(await listPhotos(db, { shopId: caller.shopId, repairId: params.id })),
);

export const POST = authedRoute(async ({ db, request, caller, params }) => {
  // Images queued past their limit: busy, before 20 MB of body are read and parsed.
  assertImageRoom();
  const files = await readPhotoParts(request);
  return json(await addPhotos(db, { shopId: caller.shopId, repairId: params.id, userId: caller.userId }, files), {
    status: 201,
  });
});
