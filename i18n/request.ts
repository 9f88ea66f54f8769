import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, isLocale, localeFromAcceptLanguage } from "./config";

// No locale in the URL: the routes are fixed, the language comes from a cookie
// the client sets with its stored choice; until there is one, from the
// browser's languages (Accept-Language).
export default getRequestConfig(async () => {
  const value = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(value) ? value : localeFromAcceptLanguage((await headers()).get("accept-language"));
  return { locale, messages: (await import(`../messages/${locale}.json`)).default };
});
