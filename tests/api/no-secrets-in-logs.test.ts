import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as refreshRoute } from "@/app/api/auth/refresh-token/route";
import { POST as setup2fa } from "@/app/api/auth/setup-2fa/route";
import { POST as verify2fa } from "@/app/api/auth/verify-2fa/route";
import { authed, loginAs, newOwner, PASSWORD, signIn, totpAt } from "../helpers/auth";
import { jsonRequest } from "../helpers/requests";
import { withTestDatabase } from "../helpers/test-database";

withTestDatabase();

const written: string[] = [];
beforeEach(() => {
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      written.push(
        args
          .map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === "string" ? a : JSON.stringify(a)))
          .join(" "),
      );
    });
  }
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: unknown) => (written.push(String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => (written.push(String(chunk)), true));
});
afterEach(() => vi.restoreAllMocks());

describe("logs", () => {
  it("never contain a password, a token, a TOTP secret or code", async () => {
    const owner = await newOwner();
    const { accessToken, refreshToken } = await signIn(owner.email);
    const { secret } = await (await setup2fa(authed("/api/auth/setup-2fa", accessToken, {}))).json();
    const code = await totpAt(secret);
    await verify2fa(authed("/api/auth/verify-2fa", accessToken, { code: "999999" === code ? "999998" : "999999" }));
    await verify2fa(authed("/api/auth/verify-2fa", accessToken, { code }));
    await loginAs(owner.email, "Wrong-But-Secret-77");
    await loginRoute(jsonRequest("/api/auth/login", `{"email":"${owner.email}","password":"${PASSWORD}"`));
    await refreshRoute(jsonRequest("/api/auth/refresh-token", { refreshToken }));
    await refreshRoute(jsonRequest("/api/auth/refresh-token", { refreshToken: "stolen-" + refreshToken }));

    const output = written.join("\n");
    for (const secretValue of [PASSWORD, "Wrong-But-Secret-77", accessToken, refreshToken, secret, code]) {
      expect(output).not.toContain(secretValue);
    }
  });
});
