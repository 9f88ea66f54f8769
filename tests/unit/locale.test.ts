import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "@/i18n/config";

describe("the language of the screens before a choice (Accept-Language)", () => {
  it.each([
    [null, "en"],
    ["", "en"],
    ["es-ES,es;q=0.9,en;q=0.8", "es"],
    ["ca-ES,ca;q=0.9,es;q=0.8,en;q=0.7", "ca"],
    ["fr-FR,fr;q=0.9,ca;q=0.8,es;q=0.7", "ca"],
    ["en;q=0.5, es;q=0.9", "es"],
    ["de-DE,de;q=0.9", "en"],
    ["es;q=0, ca;q=0.1", "ca"],
    ["ES-es", "es"],
    ["*", "en"],
    [";;;,,,q=", "en"],
  ])("%j reads as %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
