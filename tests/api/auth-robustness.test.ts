import { describe, expect, it } from "vitest";
import { POST as createSubaccount } from "@/app/api/auth/create-subaccount/route";
import { POST as disable2fa } from "@/app/api/auth/disable-2fa/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as refresh } from "@/app/api/auth/refresh-token/route";
import { POST as setup2fa } from "@/app/api/auth/setup-2fa/route";
import { POST as verify2fa } from "@/app/api/auth/verify-2fa/route";
import { PUT as putSettings } from "@/app/api/settings/route";
import { POST as setup } from "@/app/api/setup/route";
import { bearer, newOwner, signIn } from "../helpers/auth";
import { withTestDatabase } from "../helpers/test-database";

withTestDatabase();

const BODIES = [
  "",
  "{",
  "[]",
  "[1,2]",
  "0",
  '"text"',
  "null",
  "true",
  JSON.stringify({ email: 1, password: 2, code: 3, twofa_code: 4, name: 5, language: 6, refreshToken: 7 }),
  JSON.stringify({ email: { $ne: null }, password: ["a"], code: { a: 1 }, refreshToken: {} }),
  JSON.stringify({
    email: "a@b.co",
    password: "x".repeat(100_000),
    name: "n".repeat(100_000),
    code: "1".repeat(10_000),
  }),
  JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }),
];

describe("nothing a user can send makes an auth endpoint fail with a 500", () => {
  it("answers every odd body with a 4xx and the error shape", async () => {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    const handlers = { login, refresh, setup, setup2fa, verify2fa, disable2fa, createSubaccount, logout, putSettings };
    for (const [name, handler] of Object.entries(handlers)) {
      for (const body of BODIES) {
        const request = new Request("http://localhost/api/x", {
          method: "POST",
          headers: { "content-type": "application/json", ...bearer(accessToken) },
          body,
        });
        const response = await handler(request);
        const label = `${name} ${body.slice(0, 30)}`;
        expect(response.status, label).toBeLessThan(500);
        if (response.status >= 400) {
          const answer = await response.json();
          expect(typeof answer.error, label).toBe("string");
          expect(typeof answer.code, label).toBe("string");
        }
      }
    }
  });
});
