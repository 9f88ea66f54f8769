import type { ReactNode } from "react";
import { LanguageSwitcher } from "./language-switcher";
import { PlainCard } from "./plain-card";

/** The card of the signed-out screens (login, first-run setup, passwords), with the language menu under it. */
export function AuthCard(props: { title: string; subtitle?: string; children: ReactNode }) {
  return <PlainCard {...props} after={<LanguageSwitcher />} />;
}
