import { createHash, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/uuid";

// Access tokens: JWT, HS256 only, 15 minutes, with issuer, audience and a
// token type, so nothing else signed with the key passes as one. Refresh
// tokens are not JWTs at all: 256 random bits, stored only as a SHA-256 hash.

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "repair-desk";
const AUDIENCE = "repair-desk:api";
const ACCESS_TYPE = "access";

export type AccessClaims = { userId: string; shopId: string; familyId: string };

// Imported once per secret: jose imports a raw key on every call otherwise,
// which was half the cost of checking a token.
let cachedKey: { secret: string; key: Promise<CryptoKey> } | undefined;
function key(): Promise<CryptoKey> {
  const secret = env().JWT_SECRET;
  if (cachedKey?.secret !== secret) {
    const raw = new TextEncoder().encode(secret);
    cachedKey = {
      secret,
      key: crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
    };
  }
  return cachedKey.key;
}

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
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(), {
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
    return { userId: payload.sub!, shopId: payload.shop, familyId: payload.sid };
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
