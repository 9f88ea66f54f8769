import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { chatLink } from "@/lib/notices/chat";

/** The repair's news as a WhatsApp link (wa.me), or `url: null` without a number that takes messages. */
export const GET = authedRoute(async ({ db, caller, params }) => json(await chatLink(db, caller.shopId, params.id)));
