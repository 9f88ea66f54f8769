// The interface languages, listed once (SPEC section 9: en, es, ca; default en).
export const LOCALES = ["en", "es", "ca"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The cookie that carries the choice to the server, so pages render in it. */
export const LOCALE_COOKIE = "lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
