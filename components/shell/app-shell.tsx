"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { authApi } from "@/lib/client/api";
import { clearSession } from "@/lib/client/session";
import { lazyComponent } from "@/components/ui/lazy";

// The customers' answers are heard after the screen has loaded.
const CustomerAnswers = lazyComponent(() =>
  import("@/components/session/customer-answers").then((m) => m.CustomerAnswers),
);

const LINKS = [
  { href: "/repairs", label: "repairs" },
  { href: "/takings", label: "takings" },
  { href: "/premises", label: "premises" },
  { href: "/export", label: "export" },
  { href: "/settings", label: "settings" },
] as const;

const linkClass =
  "rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 aria-[current=page]:font-semibold aria-[current=page]:text-blue-800";
const logoutClass = "rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100";

// One bar at every width: below a laptop's width the links and Log out fold
// behind a menu button (five links and Log out take two lines in Catalan).
export function AppShell({ children }: { children: ReactNode }) {
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  // The menu is open for the page it was opened on: moving to another closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  async function logout() {
    // Ends the session on the server too; the local sign-out happens regardless.
    await authApi.logout().catch(() => undefined);
    clearSession();
    router.replace("/login");
  }

  const links = LINKS.map((link) => (
    <Link
      key={link.href}
      href={link.href}
      aria-current={pathname.startsWith(link.href) ? "page" : undefined}
      className={linkClass}
    >
      {t(`nav.${link.label}`)}
    </Link>
  ));
  const logoutButton = (
    <button type="button" onClick={logout} className={logoutClass}>
      {t("nav.logout")}
    </button>
  );

  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <nav aria-label={t("nav.menu")} className="mx-auto max-w-6xl px-4 py-3">
          <div className="flex items-center gap-4">
            <Link href="/dashboard" className="mr-auto truncate font-semibold text-slate-900">
              {t("common.appName")}
            </Link>
            <div className="hidden items-center gap-4 lg:flex">
              {links}
              {logoutButton}
            </div>
            <button
              type="button"
              aria-expanded={open}
              aria-controls="nav-menu"
              onClick={() => setOpenOn(open ? null : pathname)}
              className="rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100 lg:hidden"
            >
              {t("nav.menuButton")}
            </button>
          </div>
          {open && (
            <div
              id="nav-menu"
              className="mt-3 flex flex-col items-start gap-2 border-t border-slate-100 pt-3 lg:hidden"
            >
              {links}
              {logoutButton}
            </div>
          )}
        </nav>
      </header>
      <CustomerAnswers />
      <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
    </div>
  );
}
