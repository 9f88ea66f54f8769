import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { assertImageRoom } from "@/lib/photos/image";
import { readPhotoParts } from "@/lib/photos/multipart";
import { addPhotos, assertPhotoRoom, listPhotos } from "@/lib/photos/photos";
import { inUploadSlot } from "@/lib/photos/upload-slots";

export const GET = authedRoute(async ({ db, caller, params }) =>
  json(await listPhotos(db, { shopId: caller.shopId, repairId: params.id })),
);

export const POST = authedRoute(async ({ db, request, caller, params }) => {
  const scope = { shopId: caller.shopId, repairId: params.id, userId: caller.userId };
  // Everything that can refuse the upload is asked before a byte of its body is read.
  assertImageRoom();
  await assertPhotoRoom(db, scope);
  return inUploadSlot(caller.shopId, async () => {
    const files = await readPhotoParts(request);
    const stage = new URL(request.url).searchParams.get("stage");
    return json(await addPhotos(db, scope, files, stage), { status: 201 });
  });
});
