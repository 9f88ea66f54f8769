import { setupTwoFactor } from "@/lib/auth/two-factor";
import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";

export const POST = authedRoute(async ({ db, caller }) => json(await setupTwoFactor(db, caller.userId)));
