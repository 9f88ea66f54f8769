import { ownerRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { listDeleted } from "@/lib/repairs/archive";

/** The archived repairs and the erased numbers, with who, when and why (owners). */
export const GET = ownerRoute(async ({ db, caller }) => json(await listDeleted(db, caller.shopId)));
