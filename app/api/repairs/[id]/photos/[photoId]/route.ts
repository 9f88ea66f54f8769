import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { deletePhoto } from "@/lib/photos/photos";

export const DELETE = authedRoute(async ({ db, caller, params }) => json(await deletePhoto(db, caller.shopId, params.id, params.photoId)));
