import { revokeFamily } from "@/lib/auth/sessions";
import { successText } from "@/lib/errors";
import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";

// Ends the caller's session: its refresh-token family and, with it, its access tokens.
export const POST = authedRoute(async ({ db, caller }) => {
  await revokeFamily(db, caller);
  return json({ success: true, message: successText("loggedOut") });
});
