import { route } from "@/lib/http/handler";
import { answerResponse, statusPageResponse } from "@/lib/status-link/http";

// The customer's status page (docs/customers.md): no sign-in, no script.
export const GET = route(({ db, request, params }) => statusPageResponse(db, request, params.token));
export const POST = route(({ db, request, params }) => answerResponse(db, request, params.token));
