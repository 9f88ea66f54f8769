import { generate } from "otplib";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { createShopWithOwner } from "@/lib/accounts/create-shop";
import { db } from "@/lib/db";
import { jsonRequest } from "./requests";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";

export const PASSWORD = "Correct-Horse-9";
let counter = 0;

/** A new shop with its owner, in this test file's database. */
export async function newOwner(overrides: { email?: string; password?: string } = {}) {
  const email = overrides.email ?? `owner${++counter}-${Date.now()}@example.com`;
  const password = overrides.password ?? PASSWORD;
  const created = await createShopWithOwner(db(), {
    shopName: `Shop ${counter}`,
    name: `Owner ${counter}`,
    email,
    password,
  });
  return { ...created, email, password };
}

export async function loginAs(
  email: string,
  password = PASSWORD,
  extra: Record<string, unknown> = {},
  ip = "203.0.113.1",
) {
  return loginRoute(
    jsonRequest("/api/auth/login", { email, password, ...extra }, { headers: { [CLIENT_ADDRESS_HEADER]: ip } }),
  );
}

/** Signs in and returns the tokens (fails the test if sign-in fails). */
export async function signIn(email: string, password = PASSWORD, extra: Record<string, unknown> = {}) {
  const response = await loginAs(email, password, extra);
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { accessToken: string; refreshToken: string; user: Record<string, unknown> };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function authed(
  path: string,
  token: string,
  body?: unknown,
  method = body === undefined ? "GET" : "POST",
  headers: Record<string, string> = {},
) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { ...bearer(token), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The real TOTP code of a secret at a moment (30-second steps). */
export const totpAt = (secret: string, date = new Date()) =>
  generate({ secret, epoch: Math.floor(date.getTime() / 1000) });

/**
 * Waits, when the current 30-second TOTP step ends within `marginMs`, until
 * the next one has begun: a test that makes a code for a step (this one or
 * the one before) and sends it at once then sends it in the step it was made
 * for. Crossing the edge in between made such a code two steps old: refused.
 */
export async function awayFromStepEdge(marginMs = 3_000): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
