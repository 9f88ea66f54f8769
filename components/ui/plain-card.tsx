import type { ReactNode } from "react";

/**
 * The centred card of the signed-out screens, alone: the not-found page's,
 * whose code is part of every page's first load, so it carries no language
 * menu (auth-card.tsx adds it for the others).
 */
export function PlainCard({
  title,
  subtitle,
  children,
  after,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 py-8">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {after}
    </main>
  );
}
