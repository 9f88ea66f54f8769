import { z } from "zod";
import type { ErrorCode } from "@/lib/errors";

// The small parts every request schema is made of (lib/*/schema.ts), written
// once: an error's code as zod carries it, a blank text as null, and an
// optional text of at most `max` characters. Safe in the browser too.

/** A zod error option carrying the code the API answers with (lib/errors.ts). */
export const err = (code: ErrorCode) => ({ error: code });

/** A text trimmed, blank as null; any other value as it came (null for undefined). */
export const blankToNull = (v: unknown) => (typeof v === "string" ? v.trim() || null : (v ?? null));

/** An optional text, trimmed, blank as null, of at most `max` characters; `notText` for a value that is not one. */
export const optionalText = (max: number, notText: ErrorCode = "textTooLong") =>
  z.preprocess(blankToNull, z.string(err(notText)).max(max, err("textTooLong")).nullable());
