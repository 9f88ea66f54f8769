import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sessionIsOpen } from "./sessions";
import { verifyAccessToken, type AccessClaims } from "./tokens";

/** Who is calling: taken from the bearer token only, never from the body. */
export type Caller = AccessClaims;

export async function authenticate(client: PrismaClient, request: Request): Promise<Caller> {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
  const claims = match ? await verifyAccessToken(match[1]) : null;
  // A signed-out session's access tokens stop working at once, not after 15 minutes.
  if (!claims || !(await sessionIsOpen(client, claims))) {
    throw new AppError("unauthorized");
  }
  return claims;
}
