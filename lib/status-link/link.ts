import { env, settings } from "@/lib/env";
import { readStatusToken } from "./token";

// The customer's status link, /t/{token}: the token is the only credential (a
// capability). 32 random bytes, base64url, kept sealed (./token.ts); looked up
// through a unique index on its sha256, so the comparison tells a timing
// observer nothing.

/** What a token looks like; anything else is answered 404 without a query. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isTokenShaped = (token: string) => TOKEN_PATTERN.test(token);

/** A link stops working this many days after the item was collected (docs/customers.md). */
export const LINK_DAYS_AFTER_PICKUP = 90;

const base = () => settings().APP_URL.replace(/\/+$/, "");

/** The absolute address of a repair's own screen, for staff (the shop's email on a customer's answer). */
export const repairScreenUrl = (id: string) => `${base()}/repairs/${id}`;

/** The absolute address of a repair's status page, from APP_URL and its stored token. */
export function statusUrl(storedToken: string): string {
  return `${base()}/t/${readStatusToken(storedToken, env().ENCRYPTION_KEY)}`;
}

/**
 * Where a queued notice's text has the link's token: filled in as it is sent
 * (fillStatusLink), so the outbox, and a backup of it, holds no live link,
 * and a notice sent after the link was replaced carries the new one.
 */
export const TOKEN_SLOT = "{status-token}";
export const statusUrlTemplate = () => `${base()}/t/${TOKEN_SLOT}`;

/** `text` with the repair's current token in its slots. */
export function fillStatusLink(text: string, storedToken: string): string {
  return text.replaceAll(TOKEN_SLOT, readStatusToken(storedToken, env().ENCRYPTION_KEY));
}
