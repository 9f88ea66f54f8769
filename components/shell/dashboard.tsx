"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCurrentUser } from "@/components/session/auth-guard";

const CARDS = [
  { href: "/repairs", title: "repairsTitle", text: "repairsText" },
  { href: "/settings", title: "settingsTitle", text: "settingsText" },
  { href: "/export", title: "exportTitle", text: "exportText" },
] as const;

export function Dashboard() {
  const t = useTranslations();
  const { user } = useCurrentUser();
  return (
    <div className="flex flex-col gap-6">
      <section>
        <h1 className="text-2xl font-semibold">{t("dashboard.welcome", { name: user.name })}</h1>
        <p className="mt-1 text-slate-700">{t("dashboard.signedInAs", { email: user.email })}</p>
        <p className="text-slate-700">{t("dashboard.role", { role: t(`roles.${user.role}`) })}</p>
      </section>
      <ul className="grid gap-4 sm:grid-cols-3">
        {CARDS.map((card) => (
          <li key={card.href}>
            <Link
              href={card.href}
              className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-400 hover:shadow"
            >
              <h2 className="text-lg font-semibold text-slate-900">{t(`dashboard.${card.title}`)}</h2>
              <p className="mt-1 text-sm text-slate-600">{t(`dashboard.${card.text}`)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
