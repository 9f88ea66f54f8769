import { currentUser } from "@/lib/accounts/current-user";
import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";

export const GET = authedRoute(async ({ db, caller }) => json(await currentUser(db, caller)));
