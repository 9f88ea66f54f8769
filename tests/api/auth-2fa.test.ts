import { describe, expect, it } from "vitest";
import { POST as disable2fa } from "@/app/api/auth/disable-2fa/route";
import { GET as meRoute } from "@/app/api/auth/me/route";
import { POST as setup2fa } from "@/app/api/auth/setup-2fa/route";
import { POST as verify2fa } from "@/app/api/auth/verify-2fa/route";
import { createHash } from "node:crypto";
import { hashRecoveryCode, keyStoredRecoveryCodes } from "@/lib/auth/recovery-codes";
import { workerPoolStats } from "@/lib/auth/worker-pool";
import { env } from "@/lib/env";
import { db } from "@/lib/db";
import { authed, awayFromStepEdge, loginAs, newOwner, PASSWORD, signIn, totpAt } from "../helpers/auth";
import { readQrDataUrl } from "../helpers/qr";
import { withTestDatabase } from "../helpers/test-database";

const database = withTestDatabase();

const BASE32 = /^[A-Z2-7]+=*$/;

async function signedIn() {
  const owner = await newOwner();
  const { accessToken } = await signIn(owner.email);
  return { owner, token: accessToken };
}

async function enabled() {
  const { owner, token } = await signedIn();
  await awayFromStepEdge();
  const { secret } = await (await setup2fa(authed("/api/auth/setup-2fa", token, {}))).json();
  const response = await verify2fa(
    authed("/api/auth/verify-2fa", token, {
      code: await totpAt(secret, new Date(Date.now() - 30_000)),
      password: PASSWORD,
    }),
  );
  expect(response.status).toBe(200);
  const { recovery_codes } = (await response.json()) as { recovery_codes: string[] };
  return { owner, token, secret: secret as string, recoveryCodes: recovery_codes };
}

const twofaOn = async (token: string) => (await (await meRoute(authed("/api/auth/me", token))).json()).twofa_enabled;
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("2FA setup and verification", () => {
  it("answers a QR code and a 160-bit secret, stored encrypted, and stays off until verified", async () => {
    const { owner, token } = await signedIn();
    const drawn = workerPoolStats().done.qr;
    const response = await setup2fa(authed("/api/auth/setup-2fa", token, {}));
    expect(response.status).toBe(200);
    const { qrCode, secret } = await response.json();
    expect(qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(qrCode.split(",")[1], "base64").subarray(1, 4).toString()).toBe("PNG");
    // What an authenticator app scans: this account's secret, under the app's name.
    const scanned = new URL((await readQrDataUrl(qrCode))!);
    expect(scanned.protocol).toBe("otpauth:");
    expect(scanned.searchParams.get("secret")).toBe(secret);
    expect(scanned.searchParams.get("issuer")).toBe("Repair Desk");
    expect(decodeURIComponent(scanned.pathname)).toContain(owner.email);
    // Drawn on the sign-in threads, not the event loop (lib/auth/worker-pool.ts).
    expect(workerPoolStats().done.qr).toBe(drawn + 1);
    expect(secret).toMatch(BASE32);
    expect(secret.replace(/=+$/, "").length * 5).toBeGreaterThanOrEqual(160);

    const stored = await db().user.findUniqueOrThrow({ where: { email: owner.email } });
    expect(stored.twofaSecret).toBeTruthy();
    expect(stored.twofaSecret).not.toContain(secret);
    expect(stored.twofaEnabled).toBe(false);
    expect(await twofaOn(token)).toBe(false);
  });

  it("turns 2FA on with a valid code only, with the spec's messages", async () => {
    const { token } = await signedIn();
    const { secret } = await (await setup2fa(authed("/api/auth/setup-2fa", token, {}))).json();

    const missing = await verify2fa(authed("/api/auth/verify-2fa", token, { code: "", password: PASSWORD }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "2FA code is required" });
    const short = await verify2fa(authed("/api/auth/verify-2fa", token, { code: "12345", password: PASSWORD }));
    expect(await short.json()).toMatchObject({ error: "2FA code must be 6 digits" });
    const wrong = await verify2fa(
      authed("/api/auth/verify-2fa", token, { code: otherCode(await totpAt(secret)), password: PASSWORD }),
    );
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "Invalid 2FA code", code: "invalid2faCode" });
    expect(await twofaOn(token)).toBe(false);

    const right = await verify2fa(
      authed("/api/auth/verify-2fa", token, { code: await totpAt(secret), password: PASSWORD }),
    );
    expect(right.status).toBe(200);
    const enabledAnswer = await right.json();
    expect(enabledAnswer).toEqual({ message: "2FA enabled successfully", recovery_codes: expect.any(Array) });
    expect(enabledAnswer.recovery_codes).toHaveLength(10);
    expect(await twofaOn(token)).toBe(true);

    const again = await setup2fa(authed("/api/auth/setup-2fa", token, {}));
    expect(again.status).toBe(409);
  });

  it("refuses verification before a setup, and needs a signed-in caller", async () => {
    const { token } = await signedIn();
    const early = await verify2fa(authed("/api/auth/verify-2fa", token, { code: "123456", password: PASSWORD }));
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: "twofaNotStarted" });
    expect((await setup2fa(new Request("http://localhost/api/auth/setup-2fa", { method: "POST" }))).status).toBe(401);
  });

  it("allows 10 set-ups an hour per account, then answers 429 with Retry-After and draws no QR code", async () => {
    const { owner, token } = await signedIn();
    const secrets = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const response = await setup2fa(authed("/api/auth/setup-2fa", token, {}));
      expect(response.status).toBe(200);
      secrets.add((await response.json()).secret);
    }
    expect(secrets.size).toBe(10);
    const stored = (await db().user.findUniqueOrThrow({ where: { email: owner.email } })).twofaSecret;
    const drawn = workerPoolStats().done.qr;
    const refused = await setup2fa(authed("/api/auth/setup-2fa", token, {}));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: "tooManyAttempts",
      error: "Too many attempts. Please try again later.",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(workerPoolStats().done.qr).toBe(drawn);
    // The last secret given stays the one to verify against.
    expect((await db().user.findUniqueOrThrow({ where: { email: owner.email } })).twofaSecret).toBe(stored);
    // Another account has its own count.
    const other = await signedIn();
    expect((await setup2fa(authed("/api/auth/setup-2fa", other.token, {}))).status).toBe(200);
  });

  it("blocks wrong codes after 10 an hour, even a right one after that", async () => {
    const { token } = await signedIn();
    const { secret } = await (await setup2fa(authed("/api/auth/setup-2fa", token, {}))).json();
    const wrong = otherCode(await totpAt(secret));
    for (let i = 0; i < 10; i++)
      expect((await verify2fa(authed("/api/auth/verify-2fa", token, { code: wrong, password: PASSWORD }))).status).toBe(
        403,
      );
    const blocked = await verify2fa(
      authed("/api/auth/verify-2fa", token, { code: await totpAt(secret), password: PASSWORD }),
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3000);
  });
});

describe("disabling 2FA", () => {
  it("works with a current code (its own screen)", async () => {
    const { token, secret } = await enabled();
    const response = await disable2fa(authed("/api/auth/disable-2fa", token, { code: await totpAt(secret) }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "2FA disabled successfully" });
    expect(await twofaOn(token)).toBe(false);
  });

  it("works with the account password (the settings screen), and refuses a wrong one", async () => {
    const { token } = await enabled();
    const wrong = await disable2fa(authed("/api/auth/disable-2fa", token, { password: "Wrong-Password-1" }));
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "Incorrect password", code: "passwordIncorrect" });
    expect(await twofaOn(token)).toBe(true);
    const right = await disable2fa(authed("/api/auth/disable-2fa", token, { password: PASSWORD }));
    expect(right.status).toBe(200);
    expect(await twofaOn(token)).toBe(false);
  });

  it("needs a code or a password, and a code used once cannot disable", async () => {
    const { token, secret } = await enabled();
    const nothing = await disable2fa(authed("/api/auth/disable-2fa", token, {}));
    expect(nothing.status).toBe(400);
    expect(await nothing.json()).toMatchObject({ error: "Enter your 2FA code or your password" });
    const previous = await totpAt(secret, new Date(Date.now() - 30_000)); // used by the verification
    expect((await disable2fa(authed("/api/auth/disable-2fa", token, { code: previous }))).status).toBe(403);
    expect(await twofaOn(token)).toBe(true);
  });

  it("lets one of two simultaneous requests with the same code through", async () => {
    const { token, secret } = await enabled();
    const code = await totpAt(secret);
    const answers = await Promise.all([
      disable2fa(authed("/api/auth/disable-2fa", token, { code })),
      disable2fa(authed("/api/auth/disable-2fa", token, { code })),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect(await twofaOn(token)).toBe(false);
  });
});

describe("recovery codes", () => {
  it("are kept keyed with the server's secret, and an older release's plain hashes are keyed at start and still sign in", async () => {
    const { owner, recoveryCodes } = await enabled();
    const plain = (code: string) => createHash("sha256").update(code.replace("-", "")).digest("hex");
    const stored = await db().user.findUniqueOrThrow({ where: { email: owner.email } });
    // Not the code's plain hash, which 50 bits leave open to trying every code offline.
    for (const code of recoveryCodes) expect(stored.twofaRecoveryCodes).not.toContain(plain(code));
    expect(stored.twofaRecoveryCodes.every((kept) => /^k1:[0-9a-f]{64}$/.test(kept))).toBe(true);
    // Another key keeps other values.
    expect(hashRecoveryCode(recoveryCodes[0], "ff".repeat(32))).not.toBe(stored.twofaRecoveryCodes[0]);

    // As the release before kept them.
    await db().user.update({ where: { id: stored.id }, data: { twofaRecoveryCodes: recoveryCodes.map(plain) } });
    expect(await keyStoredRecoveryCodes(database.url(), env().ENCRYPTION_KEY)).toBe(1);
    expect(await keyStoredRecoveryCodes(database.url(), env().ENCRYPTION_KEY)).toBe(0);
    const keyed = await db().user.findUniqueOrThrow({ where: { id: stored.id } });
    expect(keyed.twofaRecoveryCodes).toEqual(stored.twofaRecoveryCodes);
    const used = await loginAs(owner.email, PASSWORD, { twofa_code: recoveryCodes[3] });
    expect(used.status).toBe(200);
    expect(await used.json()).toMatchObject({ recovery_codes_left: 9 });
  });

  it("signs in once each in place of a code from the app, says how many are left, and are kept only hashed", async () => {
    const { owner, secret, recoveryCodes } = await enabled();
    const stored = await db().user.findUniqueOrThrow({ where: { email: owner.email } });
    expect(stored.twofaRecoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.twofaRecoveryCodes.join(" ")).not.toContain(code.replace("-", ""));

    const first = await loginAs(owner.email, PASSWORD, { twofa_code: recoveryCodes[0] });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ requires2FA: false, recovery_codes_left: 9 });
    // As typed on a phone: lower case, no dash.
    const typed = recoveryCodes[1].toLowerCase().replace("-", "");
    const second = await loginAs(owner.email, PASSWORD, { twofa_code: typed });
    expect(await second.json()).toMatchObject({ recovery_codes_left: 8 });
    // Each once only; one of another account never.
    const reused = await loginAs(owner.email, PASSWORD, { twofa_code: recoveryCodes[0] });
    expect(reused.status).toBe(403);
    expect((await reused.json()).code).toBe("invalid2faCode");
    const other = await enabled();
    expect((await loginAs(owner.email, PASSWORD, { twofa_code: other.recoveryCodes[0] })).status).toBe(403);
    // A code from the app says nothing of them.
    const withApp = await loginAs(owner.email, PASSWORD, { twofa_code: await totpAt(secret) });
    expect(withApp.status).toBe(200);
    expect(await withApp.json()).not.toHaveProperty("recovery_codes_left");
  });

  it("are used once under parallel sign-ins, and go when 2FA is turned off", async () => {
    const { owner, token, recoveryCodes } = await enabled();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        loginAs(owner.email, PASSWORD, { twofa_code: recoveryCodes[2] }, `198.51.100.${40 + i}`),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403, 403, 403]);
    const off = await disable2fa(authed("/api/auth/disable-2fa", token, { password: PASSWORD }));
    expect(off.status).toBe(200);
    expect((await db().user.findUniqueOrThrow({ where: { email: owner.email } })).twofaRecoveryCodes).toEqual([]);
  });
});

describe("the spec's calls with a code alone", () => {
  const age = (token: string, minutes: number) =>
    db().refreshTokenFamily.updateMany({
      where: { user: { email: token } },
      data: { createdAt: new Date(Date.now() - minutes * 60_000) },
    });

  it("turns 2FA on with the code alone in a session signed in within 10 minutes; an older one is asked for the password", async () => {
    const { owner, token } = await signedIn();
    await awayFromStepEdge();
    const { secret } = await (await setup2fa(authed("/api/auth/setup-2fa", token, {}))).json();
    await age(owner.email, 11);
    const old = await verify2fa(authed("/api/auth/verify-2fa", token, { code: await totpAt(secret) }));
    expect(old.status).toBe(403);
    expect(await old.json()).toEqual({ code: "reauthRequired", error: "Please confirm your password to continue." });
    expect(await twofaOn(token)).toBe(false);
    await age(owner.email, 9);
    const fresh = await verify2fa(authed("/api/auth/verify-2fa", token, { code: await totpAt(secret) }));
    expect(fresh.status).toBe(200);
    expect(await twofaOn(token)).toBe(true);
  });

  it("turns 2FA off with the code alone in a recent session, and with the code and the password in an older one", async () => {
    const { owner, token, secret } = await enabled();
    await age(owner.email, 30);
    await awayFromStepEdge();
    const code = await totpAt(secret);
    const old = await disable2fa(authed("/api/auth/disable-2fa", token, { code }));
    expect(old.status).toBe(403);
    expect((await old.json()).code).toBe("reauthRequired");
    expect(await twofaOn(token)).toBe(true);
    const withPassword = await disable2fa(authed("/api/auth/disable-2fa", token, { code, password: PASSWORD }));
    expect(withPassword.status).toBe(200);
    expect(await twofaOn(token)).toBe(false);
  });
});
