import { describe, expect, it } from "vitest";
import { workerPoolStats } from "@/lib/auth/worker-pool";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as setup2fa } from "@/app/api/auth/setup-2fa/route";
import { POST as verify2fa } from "@/app/api/auth/verify-2fa/route";
import { db } from "@/lib/db";
import { authed, awayFromStepEdge, loginAs, newOwner, PASSWORD, signIn, totpAt } from "../helpers/auth";
import { jsonRequest } from "../helpers/requests";
import { withTestDatabase } from "../helpers/test-database";

withTestDatabase();

describe("POST /api/auth/login", () => {
  it("answers tokens and the user, whatever the email's case", async () => {
    const owner = await newOwner({ email: "anna.login@example.com" });
    const response = await loginAs("  Anna.Login@EXAMPLE.com ");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      requires2FA: false,
      user: {
        email: "anna.login@example.com",
        name: expect.any(String),
        role: "owner",
        language: "en",
        shopId: owner.shopId,
        twofa_enabled: false,
      },
    });
    expect(body.refreshToken).not.toBe(body.accessToken);
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(43); // 256 random bits
  });

  it("gives a wrong password and an unknown email the same answer, after the same bcrypt work", async () => {
    const owner = await newOwner();
    await loginAs(owner.email, "warm-up-the-dummy-hash"); // the dummy hash is made once per process
    const compares = () => workerPoolStats().done.compare;
    const before = compares();
    const wrong = await loginAs(owner.email, "Wrong-Password-1", {}, "198.51.100.1");
    const afterWrong = compares();
    const unknown = await loginAs("nobody@example.com", "Wrong-Password-1", {}, "198.51.100.2");
    expect(wrong.status).toBe(403);
    expect(unknown.status).toBe(403);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a).toEqual({ error: "Invalid email or password", code: "invalidCredentials" });
    expect(b).toEqual(a);
    // Each ran one bcrypt comparison (against a hash made at the same cost):
    // an unknown email is not answered early.
    expect(afterWrong - before).toBe(1);
    expect(compares() - afterWrong).toBe(1);
  });

  it("refuses bad input clearly, never with a 500", async () => {
    const missing = await loginRoute(jsonRequest("/api/auth/login", { password: "x" }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "Email is required", code: "emailRequired" });
    const noPassword = await loginRoute(jsonRequest("/api/auth/login", { email: "a@b.co" }));
    expect(await noPassword.json()).toMatchObject({ error: "Password is required" });
    const badCode = await loginRoute(
      jsonRequest("/api/auth/login", { email: "a@b.co", password: "x", twofa_code: "12ab" }),
    );
    expect(await badCode.json()).toMatchObject({ error: "2FA code must be 6 digits" });
    const malformed = await loginRoute(jsonRequest("/api/auth/login", '{"email":'));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "The request body is not valid JSON", code: "invalidJson" });
    for (const body of [
      "[]",
      "42",
      "null",
      JSON.stringify({ email: ["a"], password: { x: 1 } }),
      JSON.stringify({ email: "a".repeat(10_000), password: "b" }),
    ]) {
      const response = await loginRoute(jsonRequest("/api/auth/login", body));
      expect(response.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.status, body.slice(0, 40)).toBeLessThan(500);
      expect(JSON.stringify(await response.json())).not.toMatch(/at .*\.ts|stack/i);
    }
  });

  it("never lets a password longer than bcrypt's 72 bytes match by its first 72", async () => {
    const password = "Ab1!" + "x".repeat(68); // exactly 72 bytes
    const owner = await newOwner({ password });
    expect((await loginAs(owner.email, password)).status).toBe(200);
    expect((await loginAs(owner.email, password + "anything")).status).toBe(403);
  });
});

describe("login rate limits", () => {
  it("blocks an email after 10 failures, with the retry time, even for the right password", async () => {
    const owner = await newOwner();
    for (let i = 0; i < 10; i++)
      expect((await loginAs(owner.email, `Wrong-${i}`, {}, `192.0.2.${i}`)).status).toBe(403);
    const blocked = await loginAs(owner.email, PASSWORD, {}, "192.0.2.200");
    expect(blocked.status).toBe(429);
    const body = await blocked.json();
    expect(body).toMatchObject({ error: "Too many attempts. Please try again later.", code: "tooManyAttempts" });
    expect(body.retryAfter).toBeGreaterThan(800);
    expect(body.retryAfter).toBeLessThanOrEqual(900);
    expect(Number(blocked.headers.get("retry-after"))).toBe(body.retryAfter);
  });

  it("counts unknown emails too", async () => {
    for (let i = 0; i < 10; i++) await loginAs("ghost@example.com", "Wrong-Password-1", {}, `192.0.2.${50 + i}`);
    expect((await loginAs("ghost@example.com", "Wrong-Password-1", {}, "192.0.2.99")).status).toBe(429);
  });

  it("blocks an address after 30 failures across emails", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 30; i++)
      expect((await loginAs(`spray${i}@example.com`, "Wrong-Password-1", {}, ip)).status).toBe(403);
    const owner = await newOwner();
    expect((await loginAs(owner.email, PASSWORD, {}, ip)).status).toBe(429);
    expect((await loginAs(owner.email, PASSWORD, {}, "198.51.100.78")).status).toBe(200);
  });

  it("holds under 20 parallel attempts: never more than 10 guesses", async () => {
    const owner = await newOwner();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginAs(owner.email, `Wrong-${i}`, {}, `203.0.113.${100 + i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it("forgets an email's failures after a successful sign-in", async () => {
    const owner = await newOwner();
    for (let i = 0; i < 9; i++) await loginAs(owner.email, `Wrong-${i}`, {}, `192.0.2.${150 + i}`);
    expect((await loginAs(owner.email)).status).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await loginAs(owner.email, `Wrong-${i}`, {}, `192.0.2.${170 + i}`)).status).toBe(403);
  });
});

describe("login with 2FA", () => {
  async function ownerWith2fa() {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    const { secret } = await (await setup2fa(authed("/api/auth/setup-2fa", accessToken, {}))).json();
    await awayFromStepEdge();
    const verified = await verify2fa(
      authed("/api/auth/verify-2fa", accessToken, {
        code: await totpAt(secret, new Date(Date.now() - 30_000)),
        password: PASSWORD,
      }),
    );
    expect(verified.status).toBe(200);
    return { ...owner, secret };
  }

  it("asks for the code and hands out no token until it is right", async () => {
    const owner = await ownerWith2fa();
    const first = await loginAs(owner.email);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ requires2FA: true });

    const wrongCode = String((Number(await totpAt(owner.secret)) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await loginAs(owner.email, PASSWORD, { twofa_code: wrongCode });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "Invalid 2FA code", code: "invalid2faCode" });

    const wrongPassword = await loginAs(owner.email, "Wrong-Password-1", { twofa_code: await totpAt(owner.secret) });
    expect(wrongPassword.status).toBe(403);
    expect(await wrongPassword.json()).toMatchObject({ code: "invalidCredentials" });

    const right = await loginAs(owner.email, PASSWORD, { twofa_code: await totpAt(owner.secret) });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({
      requires2FA: false,
      accessToken: expect.any(String),
      user: { twofa_enabled: true },
    });
  });

  it("accepts each time step once, the previous step too, and nothing older", async () => {
    const owner = await ownerWith2fa();
    const now = Date.now();
    const current = await totpAt(owner.secret, new Date(now));
    expect((await loginAs(owner.email, PASSWORD, { twofa_code: current })).status).toBe(200);
    expect((await loginAs(owner.email, PASSWORD, { twofa_code: current })).status).toBe(403); // replayed

    const twoStepsAgo = await totpAt(owner.secret, new Date(now - 60_000));
    if (twoStepsAgo !== current) {
      expect((await loginAs(owner.email, PASSWORD, { twofa_code: twoStepsAgo })).status).toBe(403);
    }
  });

  it("lets exactly one of several simultaneous logins with the same code through", async () => {
    const owner = await ownerWith2fa();
    // A code of a step not used yet: the verify step above used the previous one.
    const code = await totpAt(owner.secret);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => loginAs(owner.email, PASSWORD, { twofa_code: code }, `198.18.0.${i}`)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403, 403, 403, 403]);
    expect(await db().user.findUniqueOrThrow({ where: { email: owner.email } })).toMatchObject({ twofaEnabled: true });
  });
});
