"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { LOCALES, LOCALE_COOKIE, type Locale } from "@/i18n/config";

/** Where a choice made before signing in waits for the sign-in, which saves it to the account's settings. */
export const PICKED_BEFORE_SIGN_IN = "languagePicked";

/** Keeps the choice locally (localStorage "language") and in a cookie the server renders with. */
export function rememberLocale(locale: Locale) {
  window.localStorage.setItem("language", locale);
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = locale;
}

/** The language menu of the screens before signing in (login, setup, password reset). */
export function LanguageSwitcher() {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      <span>{t("common.language")}</span>
      <select
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-900"
        value={locale}
        disabled={pending}
        onChange={(event) => {
          rememberLocale(event.target.value as Locale);
          window.sessionStorage.setItem(PICKED_BEFORE_SIGN_IN, event.target.value);
          startTransition(() => router.refresh());
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
