"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useCurrentUser } from "@/components/session/auth-guard";
import { apiErrorText } from "@/components/ui/error-text";
import { repairsApi } from "@/lib/client/api";
import { takeRecoveryCodesLeft } from "@/lib/client/session";
import { QUEUES, REPAIR_STATUSES, type Queue } from "@/lib/repairs/workflow";
import { ALL_REPAIRS, listHref } from "@/components/repairs/list/list-memory";
import { statusClasses } from "@/components/repairs/status/status-style";
import { NewRepair } from "@/components/repairs/list/new-repair";
import type { Locale } from "@/i18n/config";
import { formatAmount } from "@/lib/repairs/money";

const CARDS = [
  { href: "/repairs", title: "repairsTitle", text: "repairsText" },
  { href: "/settings", title: "settingsTitle", text: "settingsText" },
  { href: "/export", title: "exportTitle", text: "exportText" },
  { href: "/takings", title: "takingsTitle", text: "takingsText" },
] as const;

/** The queues read soonest-first where a date says how late: overdue by deadline. */
const queueHref = (queue: Queue) =>
  listHref({ ...ALL_REPAIRS, queue, sort: queue === "overdue" ? "deadline" : "created" });

// /dashboard: the welcome and the three cards; then what needs
// doing (issue 17, part 3): each work queue's count and the repairs per
// status, each a link to the list filtered that way.
export function Dashboard() {
  const t = useTranslations();
  const { user } = useCurrentUser();
  const locale = useLocale();
  const router = useRouter();
  const [queues, setQueues] = useState<Awaited<ReturnType<typeof repairsApi.queues>> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Signed in with a recovery code just now: how many are left.
  const [recoveryLeft] = useState(takeRecoveryCodesLeft);

  useEffect(() => {
    repairsApi.queues().then(setQueues, (error: unknown) => setFailure(apiErrorText(t, error, t("dashboard.failed"))));
  }, [t]);

  return (
    <div className="flex flex-col gap-6">
      <section>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold">{t("dashboard.welcome", { name: user.name })}</h1>
          <NewRepair onCreated={(repair) => router.push(`/repairs/${repair.id}`)} />
        </div>
        <p className="mt-1 text-slate-700">{t("dashboard.signedInAs", { email: user.email })}</p>
        <p className="text-slate-700">{t("dashboard.role", { role: t(`roles.${user.role}`) })}</p>
        {recoveryLeft !== null && (
          <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("dashboard.recoveryCodeUsed", { left: recoveryLeft })}
          </p>
        )}
      </section>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
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

      {failure && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      {queues && (
        <>
          <p>
            <Link href="/premises" className="text-blue-800 underline">
              {t("premises.dashboard", {
                count: queues.goods.count,
                total: formatAmount(queues.goods.declared_total, locale as Locale),
              })}
            </Link>
          </p>
          <section aria-labelledby="queues-title">
            <h2 id="queues-title" className="text-lg font-semibold">
              {t("dashboard.queuesTitle")}
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {QUEUES.map((queue) => {
                const { count, capped } = queues.queues[queue];
                return (
                  <li key={queue}>
                    <Link
                      href={queueHref(queue)}
                      className={`flex h-full items-start justify-between gap-3 rounded-xl border bg-white p-4 hover:border-blue-400 ${count > 0 ? "border-amber-300" : "border-slate-200"}`}
                    >
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900">{t(`queues.${queue}`)}</span>
                        <span className="block text-sm text-slate-600">
                          {t(`queues.${queue}Hint`, { days: queues.ready_waiting_days })}
                        </span>
                      </span>
                      <span
                        className={`text-2xl font-semibold tabular-nums ${count > 0 ? "text-amber-800" : "text-slate-500"}`}
                      >
                        {capped ? t("dashboard.countCapped", { count }) : count}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
          <section aria-labelledby="statuses-title">
            <h2 id="statuses-title" className="text-lg font-semibold">
              {t("dashboard.statusesTitle")}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {REPAIR_STATUSES.map((status) => (
                <li key={status}>
                  <Link
                    href={listHref({ ...ALL_REPAIRS, statuses: [status] })}
                    className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm hover:border-blue-400"
                  >
                    <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${statusClasses(status).dot}`} />
                    {t(`statuses.${status}`)}
                    <span className="font-semibold tabular-nums text-slate-900">{queues.statuses[status]}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
