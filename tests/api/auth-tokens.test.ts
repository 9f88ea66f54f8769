import { decodeJwt, SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { GET as meRoute } from "@/app/api/auth/me/route";
import { POST as refreshRoute } from "@/app/api/auth/refresh-token/route";
import {
  refreshSession,
  revokeOtherSessions,
  ROTATION_GRACE_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  sessionIsOpen,
} from "@/lib/auth/sessions";
import { ACCESS_TOKEN_TTL_SECONDS, hashToken, signAccessToken, verifyAccessToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { defaultTimeZone } from "@/lib/time-zone";
import { authed, newOwner, signIn } from "../helpers/auth";
import { jsonRequest } from "../helpers/requests";
import { withTestDatabase } from "../helpers/test-database";

withTestDatabase();

const me = (token: string) => meRoute(authed("/api/auth/me", token));
const refresh = (refreshToken: unknown) => refreshRoute(jsonRequest("/api/auth/refresh-token", { refreshToken }));
const key = () => new TextEncoder().encode(process.env.JWT_SECRET);

async function session() {
  const owner = await newOwner();
  return { owner, ...(await signIn(owner.email)) };
}

describe("access tokens", () => {
  it("open GET /api/auth/me, which answers the spec's fields", async () => {
    const { owner, accessToken } = await session();
    const response = await me(accessToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      name: expect.any(String),
      email: owner.email,
      role: "owner",
      shopId: owner.shopId,
      twofa_enabled: false,
      time_zone: defaultTimeZone(),
      shop_language: "en",
      shop_warranty_months: 3,
      shop_accounts: 1,
    });
  });

  it("are HS256 JWTs that live 15 minutes at most", async () => {
    const { accessToken } = await session();
    const claims = decodeJwt(accessToken);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(15 * 60);
    expect(JSON.parse(Buffer.from(accessToken.split(".")[0], "base64url").toString())).toMatchObject({ alg: "HS256" });
  });

  it("refuse a missing, forged, tampered, expired or mistyped token with 401", async () => {
    const { owner, accessToken, refreshToken } = await session();
    // The genuine token is checked (and remembered) first: its look-alikes are not it.
    expect((await me(accessToken)).status).toBe(200);
    const claims = decodeJwt(accessToken);
    const sign = (payload: Record<string, unknown>, secret = key()) =>
      new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).sign(secret);
    const [header, , signature] = accessToken.split(".");
    const tampered = Buffer.from(JSON.stringify({ ...claims, shop: "00000000-0000-0000-0000-000000000000" })).toString(
      "base64url",
    );
    const expired = await signAccessToken(
      { userId: owner.userId, shopId: owner.shopId, familyId: claims.sid as string },
      new Date(Date.now() - 16 * 60 * 1000),
    );
    const candidates: Record<string, string> = {
      "alg none": new UnsecuredJWT({ ...claims }).encode(),
      "wrong key": await sign(claims, new TextEncoder().encode("another-secret-another-secret-another-secret")),
      tampered: `${header}.${tampered}.${signature}`,
      expired,
      "no token type": await sign({ ...claims, typ: undefined }),
      "wrong audience": await sign({ ...claims, aud: "someone-else" }),
      "wrong issuer": await sign({ ...claims, iss: "someone-else" }),
      "refresh token as access token": refreshToken,
      garbage: "not-a-token",
    };
    for (const [name, token] of Object.entries(candidates)) {
      const response = await me(token);
      expect(response.status, name).toBe(401);
      expect(await response.json(), name).toEqual({ error: "Please sign in to continue", code: "unauthorized" });
    }
    const none = await meRoute(new Request("http://localhost/api/auth/me"));
    expect(none.status).toBe(401);
  });
});

describe("refresh tokens", () => {
  it("are stored only as a SHA-256 hash", async () => {
    const { refreshToken } = await session();
    expect(await db().refreshToken.findUnique({ where: { tokenHash: refreshToken } })).toBeNull();
    expect(await db().refreshToken.findUnique({ where: { tokenHash: hashToken(refreshToken) } })).not.toBeNull();
  });

  it("rotate on every use, and never work as access tokens or the reverse", async () => {
    const { accessToken, refreshToken } = await session();
    const response = await refresh(refreshToken);
    expect(response.status).toBe(200);
    const next = await response.json();
    expect(next).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(next.refreshToken).not.toBe(refreshToken);
    expect((await me(next.accessToken)).status).toBe(200);
    expect((await refresh(accessToken)).status).toBe(401);
    expect((await refresh(next.refreshToken)).status).toBe(200);
  });

  it("revoke the whole family when a rotated token comes back after the grace period", async () => {
    const { owner } = await session();
    const user = await db().user.findUniqueOrThrow({ where: { email: owner.email } });
    const { startSession } = await import("@/lib/auth/sessions");
    const first = await startSession(db(), user);
    const later = new Date(Date.now() + ROTATION_GRACE_MS + 1_000);
    const second = await refreshSession(db(), { refreshToken: first.refreshToken });
    expect((await me(second.accessToken)).status).toBe(200);
    // The thief replays the old token after the grace period...
    await expect(refreshSession(db(), { refreshToken: first.refreshToken }, later)).rejects.toMatchObject({
      code: "sessionExpired",
      status: 401,
    });
    // ...and the legitimate holder's newer token and access token are dead too.
    expect((await refresh(second.refreshToken)).status).toBe(401);
    expect((await me(second.accessToken)).status).toBe(401);
  });

  it("let two tabs refreshing at once both stay signed in, on one line of tokens", async () => {
    const { refreshToken } = await session();
    const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(answers.map((r) => r.json()));
    // Both get the very same successor: the session does not fork.
    expect(a.refreshToken).toBe(b.refreshToken);
    const next = await refresh(a.refreshToken);
    expect(next.status).toBe(200);
    expect((await next.json()).refreshToken).not.toBe(a.refreshToken);
  });

  it("never fork a session: ten parallel refreshes and a replay within the grace leave one live token", async () => {
    const { refreshToken } = await session();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(refreshToken)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const successors = new Set(await Promise.all(answers.map(async (r) => (await r.json()).refreshToken as string)));
    expect(successors.size).toBe(1);
    const replay = await (await refresh(refreshToken)).json();
    expect(successors.has(replay.refreshToken)).toBe(true);
    // The family holds exactly the original and its one successor, and only the successor is live.
    const family = await db().refreshToken.findFirstOrThrow({ where: { tokenHash: hashToken(refreshToken) } });
    const tokens = await db().refreshToken.findMany({ where: { familyId: family.familyId } });
    expect(tokens).toHaveLength(2);
    expect(tokens.filter((t) => t.rotatedAt === null)).toHaveLength(1);
    // The successor is never stored in plain text.
    expect(JSON.stringify(tokens)).not.toContain(replay.refreshToken);
  });

  it("expire when idle for 7 days, and 30 days after sign-in however active", async () => {
    const { refreshToken } = await session();
    const idle = new Date(Date.now() + SESSION_IDLE_MS + 60_000);
    await expect(refreshSession(db(), { refreshToken }, idle)).rejects.toMatchObject({ code: "sessionExpired" });

    let { refreshToken: current } = await session();
    const start = Date.now();
    for (let day = 6; day < 30; day += 6) {
      current = (await refreshSession(db(), { refreshToken: current }, new Date(start + day * 86_400_000)))
        .refreshToken;
    }
    await expect(
      refreshSession(db(), { refreshToken: current }, new Date(start + SESSION_ABSOLUTE_MS + 60_000)),
    ).rejects.toMatchObject({
      code: "sessionExpired",
    });
  });

  it("answer a clear 401 or 400 to nonsense", async () => {
    expect((await refresh("x".repeat(43))).status).toBe(401);
    const missing = await refreshRoute(jsonRequest("/api/auth/refresh-token", {}));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: "sessionExpired" });
    expect((await refresh(12345)).status).toBe(400);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session: its refresh token and its access tokens stop working", async () => {
    const { accessToken, refreshToken } = await session();
    // Checked, and so remembered, just before.
    expect((await me(accessToken)).status).toBe(200);
    const response = await logoutRoute(authed("/api/auth/logout", accessToken, {}));
    expect(response.status).toBe(200);
    expect((await refresh(refreshToken)).status).toBe(401);
    expect((await me(accessToken)).status).toBe(401);
  });

  it("leaves the user's other sessions alone", async () => {
    const { owner, accessToken } = await session();
    const other = await signIn(owner.email);
    await logoutRoute(authed("/api/auth/logout", accessToken, {}));
    expect((await me(other.accessToken)).status).toBe(200);
  });
});

describe("a checked token and its session, remembered", () => {
  const claimsOf = (token: string) => {
    const claims = decodeJwt(token);
    return { userId: claims.sub!, shopId: claims.shop as string, familyId: claims.sid as string };
  };

  it("a token still ends when it expires, though it was checked before", async () => {
    const { accessToken } = await session();
    const { userId, shopId, familyId } = claimsOf(accessToken);
    const issued = Date.now() - (ACCESS_TOKEN_TTL_SECONDS - 60) * 1000;
    const ending = await signAccessToken({ userId, shopId, familyId }, new Date(issued));
    expect(await verifyAccessToken(ending)).toEqual({ userId, shopId, familyId });
    expect(await verifyAccessToken(ending, Date.now() + 59_000)).toEqual({ userId, shopId, familyId });
    expect(await verifyAccessToken(ending, Date.now() + 61_000)).toBeNull();
  });

  it("a session ended outside this server (by hand in SQL) is refused at once", async () => {
    const { accessToken } = await session();
    const claims = claimsOf(accessToken);
    expect(await sessionIsOpen(db(), claims)).toBe(true);
    expect((await me(accessToken)).status).toBe(200);
    await db().refreshTokenFamily.update({ where: { id: claims.familyId }, data: { revokedAt: new Date() } });
    // The very next request: nothing remembered lets it through.
    expect(await sessionIsOpen(db(), claims)).toBe(false);
    expect((await me(accessToken)).status).toBe(401);
  });

  // Two connections at once: the embedded database runs one transaction at a time.
  it.runIf(process.env.TEST_DB_MODE === "server")(
    "a check made while a revocation is being committed does not keep the session open after",
    async () => {
      const { owner } = await session();
      const here = await signIn(owner.email);
      const elsewhere = await signIn(owner.email);
      expect((await me(elsewhere.accessToken)).status).toBe(200);
      await db().$transaction(async (tx) => {
        await revokeOtherSessions(tx, claimsOf(here.accessToken));
        // Not committed yet: still open to everyone else...
        expect(await sessionIsOpen(db(), claimsOf(elsewhere.accessToken))).toBe(true);
      });
      // ...and closed once it is: that check was not remembered.
      expect((await me(elsewhere.accessToken)).status).toBe(401);
      expect((await me(here.accessToken)).status).toBe(200);
    },
  );
});
