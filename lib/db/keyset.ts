import { z } from "zod";
import { isUuid } from "@/lib/uuid";

// A position in a list read newest or oldest first by (an instant, an id):
// the last row's key, opaque to the client (base64url of JSON). The repairs
// list and the takings page with it.

export type InstantKey = { createdAt: string; id: string };

// Postgres' timestamps end sooner than JavaScript's Dates: keep to years it can hold.
export const holdable = (date: Date) =>
  !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1900 && date.getUTCFullYear() <= 9999;

export function encodeInstantKey(row: { createdAt: string | Date; id: string }): string {
  const at = typeof row.createdAt === "string" ? row.createdAt : row.createdAt.toISOString();
  return Buffer.from(JSON.stringify([at, row.id])).toString("base64url");
}

/** The key a cursor holds, or null for anything that is not one; the instant as ISO 8601, which Postgres reads exactly. */
export function decodeInstantKey(cursor: string): InstantKey | null {
  try {
    const key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (!Array.isArray(key) || key.length !== 2 || typeof key[0] !== "string" || !isUuid(key[1])) return null;
    const createdAt = new Date(key[0]);
    return holdable(createdAt) ? { createdAt: createdAt.toISOString(), id: key[1] } : null;
  } catch {
    return null;
  }
}

/** A query's `after`: a cursor's key, nothing when left out, 400 takingsCursorInvalid for anything else. */
export const afterCursor = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text === "") return undefined;
    const key = decodeInstantKey(text);
    if (!key) ctx.addIssue({ code: "custom", message: "takingsCursorInvalid" });
    return key ?? undefined;
  });
