"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import type { Locale } from "@/i18n/config";
import type { ActivityPage } from "@/lib/activity/activity";
import { activitySentence, actorText, type Translate } from "@/lib/activity/text";
import { activityApi } from "@/lib/client/api";
import { dayTimeIn } from "@/lib/time-zone";
import { button } from "@/components/ui/button";
import { DayRangeForm, type DayRange } from "@/components/ui/day-range-form";
import { saveDownload } from "@/components/ui/download";
import { apiErrorText } from "@/components/ui/error-text";
import { ErrorNotice } from "@/components/ui/notice";
import { OwnersOnly } from "./owners-only";

// /activity (owners): what changed in the shop, by whom, over a range of
// days (today at first), newest first, 100 at a time; and as a spreadsheet.

export function ActivityScreen() {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const [page, setPage] = useState<ActivityPage | null>(null);
  const [asked, setAsked] = useState<DayRange>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (range: DayRange) =>
      activityApi.get(range).then(
        (answer) => {
          setPage(answer);
          setAsked(range);
          setFailure(null);
        },
        (error: unknown) => setFailure(apiErrorText(t, error, t("activity.failed"))),
      ),
    [t],
  );
  useEffect(() => {
    void load({});
  }, [load]);

  async function more() {
    if (!page?.next) return;
    setBusy(true);
    try {
      const next = await activityApi.get(asked, page.next);
      setPage((now) => (now ? { ...now, entries: [...now.entries, ...next.entries], next: next.next } : now));
    } catch (error) {
      setFailure(apiErrorText(t, error, t("activity.failed")));
    } finally {
      setBusy(false);
    }
  }

  async function download(range: DayRange) {
    setBusy(true);
    try {
      await saveDownload(await activityApi.xlsx(range), "activity.xlsx");
    } catch (error) {
      setFailure(apiErrorText(t, error, t("activity.failed")));
    } finally {
      setBusy(false);
    }
  }

  const translate = t as unknown as Translate;
  return (
    <OwnersOnly>
      <div className="flex max-w-3xl flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t("activity.title")}</h1>
          <p className="mt-1 text-slate-600">{t("activity.intro")}</p>
        </div>
        <DayRangeForm
          busy={busy}
          onShow={(range) => void load(range)}
          onDownload={(range) => void download(range)}
          onInvalid={() => setFailure(t("errors.takingsDateInvalid"))}
        />
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        {page && (
          <section aria-label={t("activity.title")} className="rounded-xl border border-slate-200 bg-white p-5">
            {page.entries.length === 0 ? (
              <p className="text-sm text-slate-600">{t("activity.none")}</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {page.entries.map((entry) => (
                  <li key={entry.id} className="py-2">
                    <p className="text-slate-600">
                      <span className="tabular-nums">{dayTimeIn(entry.at, page.time_zone)}</span> ·{" "}
                      {actorText(entry, translate)}
                    </p>
                    <p className="break-words">
                      {entry.repair_id && entry.kind !== "repair_erased" && entry.kind !== "repair_archived" ? (
                        <Link href={`/repairs/${entry.repair_id}`} className="text-blue-800 underline">
                          {activitySentence(entry, translate, locale)}
                        </Link>
                      ) : (
                        activitySentence(entry, translate, locale)
                      )}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {page.next && (
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
                <span>{t("activity.showing", { shown: page.entries.length })}</span>
                <button type="button" onClick={() => void more()} disabled={busy} className={button("secondary")}>
                  {t("repairs.loadMore")}
                </button>
              </div>
            )}
          </section>
        )}
      </div>
    </OwnersOnly>
  );
}
