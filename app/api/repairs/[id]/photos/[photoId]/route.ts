import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { deletePhoto } from "@/lib/photos/photos";

export const DELETE = authedRoute(async ({ db, caller, params }) =>
  json(
    await deletePhoto(db, {
      shopId: caller.shopId,
      repairId: params.id,
      photoId: params.photoId,
      userId: caller.userId,
    }),
  ),
);
