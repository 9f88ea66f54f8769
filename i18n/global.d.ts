import type en from "../messages/en.json";
import type { Locale } from "./config";

// A message key missing from en.json is a type error.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
