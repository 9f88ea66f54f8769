import { createHash, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/uuid";
import { processWide } from "@/lib/process-wide";

// Access tokens: JWT, HS256 only, 15 minutes, with issuer, audience and a
// token type, so nothing else signed with the key passes as one. Refresh
// tokens are not JWTs at all: 256 random bits, stored only as a SHA-256 hash.

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "repair-desk";
const AUDIENCE = "repair-desk:api";
const ACCESS_TYPE = "access";

export type AccessClaims = { userId: string; shopId: string; familyId: string };

/**
 * How many verified tokens are remembered (about 0.5 KB each). A client sends
 * the same token with every request for its 15 minutes, and checking its HMAC
 * again each time costs more than the 10% the house allows (docs/performance.md).
 * Only a token's signature is remembered: every request still asks the
 * database whether its session is open, so an ended session fails at once.
 * Only tokens that passed every check get in, and those only this server's
 * key can make, so the map cannot be filled from outside.
 */
const VERIFIED_MAX = 10_000;

type Verified = { claims: AccessClaims; exp: number };

// Imported once per secret: jose imports a raw key on every call otherwise,
// which was half the cost of checking a token. The verified tokens go with
// the key: a new secret starts with none. One for the process (lib/process-wide.ts).
type Keyed = { secret: string; key: Promise<CryptoKey>; verified: Map<string, Verified> };
const globalForTokens = processWide<{ accessTokenKey?: Keyed }>("accessTokens", () => ({}));
function keyed(): Keyed {
  const secret = env().JWT_SECRET;
  if (globalForTokens.accessTokenKey?.secret !== secret) {
    const raw = new TextEncoder().encode(secret);
    globalForTokens.accessTokenKey = {
      secret,
      key: crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
      verified: new Map(),
    };
  }
  return globalForTokens.accessTokenKey;
}
const key = () => keyed().key;

export async function signAccessToken(claims: AccessClaims, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ shop: claims.shopId, sid: claims.familyId, typ: ACCESS_TYPE })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await key());
}

/** The token's claims, or null for anything that is not a valid, current access token. */
export async function verifyAccessToken(token: string, now = Date.now()): Promise<AccessClaims | null> {
  const { verified } = keyed();
  const known = verified.get(token);
  // jose's own rule: expired once exp is not after now.
  if (known) {
    if (known.exp > Math.floor(now / 1000)) return known.claims;
    verified.delete(token);
    return null;
  }
  const claims = await checkAccessToken(token, now);
  if (claims) {
    // The oldest first out: tokens all live 15 minutes, so it ends soonest.
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  }
  return claims?.claims ?? null;
}

async function checkAccessToken(token: string, now: number): Promise<Verified | null> {
  try {
    const { payload } = await jwtVerify(token, await key(), {
      currentDate: new Date(now),
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      // jose checks exp only when present: a token without it would never end.
      requiredClaims: ["exp", "iat", "sub"],
    });
    if (payload.typ !== ACCESS_TYPE) return null;
    // Ids go into queries as uuids: anything else is no token of ours.
    if (!isUuid(payload.sub) || !isUuid(payload.shop) || !isUuid(payload.sid)) return null;
    if (payload.exp! - payload.iat! > ACCESS_TOKEN_TTL_SECONDS) return null;
    return { claims: { userId: payload.sub!, shopId: payload.shop, familyId: payload.sid }, exp: payload.exp! };
  } catch {
    return null;
  }
}

/**
 * A short-lived signed ticket of kind `typ` (an export's download link):
 * the same key as the access tokens, but its own type, so neither passes as
 * the other. `jti` names it for a single use.
 */
export async function signTicket(typ: string, data: Record<string, unknown>, seconds: number): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...data, typ })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setJti(randomBytes(16).toString("hex"))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + seconds)
    .sign(await key());
}

/** A ticket's data and its `jti`, or null when it is not a current ticket of kind `typ`. */
export async function verifyTicket(
  typ: string,
  token: string,
): Promise<(Record<string, unknown> & { jti: string }) | null> {
  try {
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["exp", "iat", "jti"],
    });
    return payload.typ === typ ? (payload as Record<string, unknown> & { jti: string }) : null;
  } catch {
    return null;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
