import { z } from "zod";
import { LOCALES } from "@/i18n/config";

export const settingsSchema = z.object({ language: z.enum(LOCALES, { error: "languageInvalid" }) });
export type SettingsInput = z.input<typeof settingsSchema>;
