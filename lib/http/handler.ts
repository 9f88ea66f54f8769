import { assertOwner } from "@/lib/accounts/roles";
import { authenticate, type Caller } from "@/lib/auth/authenticate";
import { db } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { errorResponse } from "./respond";
import { inShopTurn } from "./shop-turns";

// The one shape of every route handler: read the body or query (capped, no
// NUL), call the lib/ service with it as sent, answer; any error goes through
// errorResponse. Every service parses its own input with its schema
// (lib/<domain>/schema.ts), so handlers, scripts and tests are all checked
// the same way, and no handler casts a body to a type.

type Context = { db: PrismaClient; request: Request; params: Record<string, string> };
type RouteContext = { params: Promise<Record<string, string>> };

export function route(handle: (ctx: Context) => Promise<Response>) {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    try {
      return await handle({ db: db(), request, params: (await context?.params) ?? {} });
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}

/** A route for signed-in callers only, served in one of their shop's turns (./shop-turns.ts). */
export function authedRoute(handle: (ctx: Context & { caller: Caller }) => Promise<Response>) {
  return route(async (ctx) => {
    const caller = await authenticate(ctx.db, ctx.request);
    return inShopTurn(caller.shopId, () => handle({ ...ctx, caller }));
  });
}

/** A route for the shop's owners only: anyone else signed in is refused (403 ownerOnly, lib/accounts/roles.ts). */
export function ownerRoute(handle: (ctx: Context & { caller: Caller }) => Promise<Response>) {
  return authedRoute(async (ctx) => {
    await assertOwner(ctx.db, ctx.caller);
    return handle(ctx);
  });
}

/**
 * The client's address for per-address limits, as the HTTP server worked it
 * out from the socket and the trusted proxies (lib/http/client-address.ts);
 * never a header the client chose.
 */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}
