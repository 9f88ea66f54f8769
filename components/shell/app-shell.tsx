"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { apiResponse } from "@/lib/api-client";
import { clearSession } from "@/lib/session";

const LINKS = [
  { href: "/repairs", label: "repairs" },
  { href: "/export", label: "export" },
  { href: "/settings", label: "settings" },
] as const;

export function AppShell({ children }: { children: ReactNode }) {
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();

  async function logout() {
    // Ends the session on the server too; the local sign-out happens regardless.
    await apiResponse("/auth/logout", { method: "POST" }).catch(() => undefined);
    clearSession();
    router.replace("/login");
  }

  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <nav aria-label={t("nav.menu")} className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link href="/dashboard" className="mr-auto font-semibold text-slate-900">
            {t("common.appName")}
          </Link>
          {LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              aria-current={pathname.startsWith(link.href) ? "page" : undefined}
              className="rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 aria-[current=page]:font-semibold aria-[current=page]:text-blue-800"
            >
              {t(`nav.${link.label}`)}
            </Link>
          ))}
          <button type="button" onClick={logout} className="rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100">
            {t("nav.logout")}
          </button>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
    </div>
  );
}
