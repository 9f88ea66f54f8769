import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as disable2fa } from "@/app/api/auth/disable-2fa/route";
import { POST as refreshRoute } from "@/app/api/auth/refresh-token/route";
import { POST as setup2fa } from "@/app/api/auth/setup-2fa/route";
import { POST as verify2fa } from "@/app/api/auth/verify-2fa/route";
import { apiRequest } from "@/lib/client/api-client";
import { authed, awayFromStepEdge, newOwner, PASSWORD, signIn, totpAt } from "../helpers/auth";
import { withTestDatabase } from "../helpers/test-database";

// The browser's client against the real route handlers: a wrong code or
// password on a signed-in call is a 403, which the client shows without
// refreshing and replaying it, so each attempt counts once and the limits
// are exactly docs/security.md's (10 wrong codes, then 429).

withTestDatabase();

const HANDLERS: Record<string, (request: Request) => Promise<Response>> = {
  "/api/auth/disable-2fa": disable2fa,
  "/api/auth/verify-2fa": verify2fa,
  "/api/auth/refresh-token": refreshRoute,
};
const calls: string[] = [];
const store = new Map<string, string>();

beforeEach(() => {
  calls.length = 0;
  store.clear();
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    },
    location: { assign: vi.fn() },
  });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push(url);
    return HANDLERS[url](new Request(`http://localhost${url}`, init));
  });
});
afterEach(() => vi.unstubAllGlobals());

async function signedInWith2fa() {
  const owner = await newOwner();
  const tokens = await signIn(owner.email);
  const { secret } = await (await setup2fa(authed("/api/auth/setup-2fa", tokens.accessToken, {}))).json();
  await awayFromStepEdge();
  await verify2fa(
    authed("/api/auth/verify-2fa", tokens.accessToken, {
      code: await totpAt(secret, new Date(Date.now() - 30_000)),
      password: PASSWORD,
    }),
  );
  store.set("accessToken", tokens.accessToken);
  store.set("refreshToken", tokens.refreshToken);
  return { secret: secret as string };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("a wrong credential on a signed-in call", () => {
  it("is sent once, never refreshed and replayed: 10 wrong codes, then the limit", async () => {
    const { secret } = await signedInWith2fa();
    const code = wrongCode(await totpAt(secret));
    for (let i = 0; i < 10; i++) {
      await expect(apiRequest("/auth/disable-2fa", { body: { code } })).rejects.toMatchObject({
        status: 403,
        code: "invalid2faCode",
        message: "Invalid 2FA code",
      });
    }
    await expect(apiRequest("/auth/disable-2fa", { body: { code } })).rejects.toMatchObject({
      status: 429,
      code: "tooManyAttempts",
    });
    expect(calls).toEqual(Array(11).fill("/api/auth/disable-2fa"));
    expect(store.get("accessToken")).toBeDefined();
  });

  it("a wrong password keeps the session, and says so in the server's words", async () => {
    await signedInWith2fa();
    await expect(apiRequest("/auth/disable-2fa", { body: { password: "Not-The-Password-1" } })).rejects.toMatchObject({
      status: 403,
      code: "passwordIncorrect",
      message: "Incorrect password",
    });
    expect(calls).toEqual(["/api/auth/disable-2fa"]);
    expect(await apiRequest("/auth/disable-2fa", { body: { password: PASSWORD } })).toMatchObject({ success: true });
  });
});
