import { z } from "zod";
import { LOCALES } from "@/i18n/config";
import { isTimeZone } from "@/lib/time-zone";

/**
 * PUT /settings: the account's language and the shop's time zone (any account
 * of the shop may change it); either or both.
 */
export const settingsSchema = z
  .object({
    language: z.enum(LOCALES, { error: "languageInvalid" }).optional(),
    time_zone: z.string({ error: "timeZoneInvalid" }).refine(isTimeZone, { error: "timeZoneInvalid" }).optional(),
  })
  .refine((s) => s.language !== undefined || s.time_zone !== undefined, {
    path: ["language"],
    error: "languageInvalid",
  });
