import { settings } from "@/lib/env";

// The customer's status link, /t/{token}: the token is the only credential (a
// capability). 32 bytes from Postgres' strong random source, base64url
// (migration 20261123140000_customer_link); looked up through a unique index
// on its sha256, so the comparison tells a timing observer nothing.

/** What a token looks like; anything else is answered 404 without a query. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isTokenShaped = (token: string) => TOKEN_PATTERN.test(token);

/** A link stops working this many days after the item was collected (README, The customer's side). */
export const LINK_DAYS_AFTER_PICKUP = 90;

/** The absolute address of a repair's status page, from APP_URL. */
export function statusUrl(token: string): string {
  return `${settings().APP_URL.replace(/\/+$/, "")}/t/${token}`;
}

/** The absolute address of a repair's screen for staff (the tag's QR code). */
export function staffRepairUrl(id: string): string {
  return `${settings().APP_URL.replace(/\/+$/, "")}/repairs/${id}`;
}
