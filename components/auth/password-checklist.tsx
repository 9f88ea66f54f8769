"use client";

import { useTranslations } from "next-intl";
import { passwordRules, SPECIAL_CHARACTERS } from "@/lib/auth/rules";

/** The live list of password rules, each marked met or not in text, not only colour. */
export function PasswordChecklist({ password }: { password: string }) {
  const t = useTranslations("passwordRules");
  const rules = Object.entries(passwordRules) as [keyof typeof passwordRules, (p: string) => boolean][];
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2 text-sm" aria-live="polite">
      <p className="font-medium text-slate-700">{t("title")}</p>
      <ul className="mt-1 space-y-0.5">
        {rules.map(([rule, test]) => {
          const met = test(password);
          return (
            <li key={rule} className={met ? "text-green-800" : "text-slate-600"} data-met={met}>
              <span aria-hidden="true">{met ? "✓ " : "○ "}</span>
              {rule === "special" ? t("special", { characters: SPECIAL_CHARACTERS }) : t(rule)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
