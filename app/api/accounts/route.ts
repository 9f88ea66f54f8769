import { listAccounts } from "@/lib/accounts/accounts";
import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";

export const GET = authedRoute(async ({ db, caller }) => json(await listAccounts(db, caller)));
