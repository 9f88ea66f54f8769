import { z } from "zod";
import type { ErrorCode } from "@/lib/errors";

// A workshop's fields (settings, and the send-out dialog's new workshop).

const err = (code: ErrorCode) => ({ error: code });
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
    z.string(err("textTooLong")).max(max, err("textTooLong")).nullable(),
  );

export const workshopSchema = z.object({
  name: z.string(err("workshopNameRequired")).trim().min(1, err("workshopNameRequired")).max(200, err("textTooLong")),
  contact: optionalText(300),
  notes: optionalText(2000),
});
