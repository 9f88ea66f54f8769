import { LOCALES, type Locale } from "@/i18n/config";

// The terms a shop prints on its tickets, written once per language its
// customers read. Browser-safe: the ticket and the settings screen read it.

/** The terms by language; a language with none is null. */
export type TicketTerms = Record<Locale, string | null>;

/** The stored terms ({"ca": "…"}) with every language named. */
export function ticketTermsOf(stored: unknown): TicketTerms {
  const given = (stored && typeof stored === "object" ? stored : {}) as Partial<Record<string, unknown>>;
  return Object.fromEntries(
    LOCALES.map((language) => {
      const text = given[language];
      return [language, typeof text === "string" && text.trim() ? text : null];
    }),
  ) as TicketTerms;
}

/**
 * The terms a customer reads: in their language, else in the shop's, else
 * in whichever language the shop wrote them (a shop that wrote them once
 * still prints them).
 */
export function termsFor(terms: TicketTerms, language: Locale, shopLanguage: Locale): string | null {
  return terms[language] ?? terms[shopLanguage] ?? LOCALES.map((l) => terms[l]).find(Boolean) ?? null;
}
