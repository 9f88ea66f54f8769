"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { takingsApi } from "@/lib/client/api";
import { PAYMENT_KINDS, PAYMENT_METHODS } from "@/lib/payments/kinds";
import type { Takings, TakingsLine } from "@/lib/payments/takings";
import { saveDownload } from "@/components/ui/download";
import { LoadMore } from "@/components/ui/load-more";
import { DayRangeForm, type DayRange } from "@/components/ui/day-range-form";
import { apiErrorText } from "@/components/ui/error-text";
import { ErrorNotice } from "@/components/ui/notice";
import { useFormat } from "@/components/repairs/format";
import { dayTimeIn } from "@/lib/time-zone";

// The day's takings ("Caja", "Caixa"; docs/money.md): a day or a range of the
// shop's calendar, today unless said; totals per method and kind, the cash
// the drawer should hold, the payments with their repairs, voids apart.

function Lines({ lines, voided, timeZone }: { lines: TakingsLine[]; voided?: boolean; timeZone: string }) {
  const t = useTranslations();
  const format = useFormat();
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {lines.map((line) => (
        <li key={line.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
          <div className={voided ? "text-slate-500" : ""}>
            <span className="tabular-nums">{dayTimeIn(line.created_at, timeZone)}</span> ·{" "}
            <Link href={`/repairs/${line.repair_id}`} className="text-blue-800 underline">
              {line.repair_number}
            </Link>{" "}
            · {line.customer_name}
            <p className="text-slate-600">
              {t(`money.kinds.${line.kind}`)} · {t(`money.methods.${line.method}`)}
              {line.created_by && ` · ${line.created_by}`}
              {voided ? ` · ${line.void_reason}` : line.note ? ` · ${line.note}` : ""}
            </p>
          </div>
          <span className={`font-medium tabular-nums ${voided ? "line-through" : ""}`}>
            {format.money(line.kind === "refund" ? -line.amount : line.amount)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function TakingsScreen() {
  const t = useTranslations();
  const format = useFormat();
  const [report, setReport] = useState<Takings | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The range the report on screen was asked for: its next pages are of the same days.
  const [shown, setShown] = useState<{ from?: string; to?: string }>({});

  const load = useCallback(
    (asked: { from?: string; to?: string }) =>
      takingsApi.get(asked).then(
        (answer) => {
          setReport(answer);
          setShown(asked);
          setFailure(null);
        },
        (error: unknown) => setFailure(apiErrorText(t, error, t("takings.failed"))),
      ),
    [t],
  );
  // Today's, at first.
  useEffect(() => {
    void load({});
  }, [load]);

  async function more(lines: "payments" | "voided") {
    const after = report?.next[lines];
    if (!after) return;
    setBusy(true);
    try {
      const page = await takingsApi.more(shown, lines, after);
      setReport((now) =>
        now
          ? { ...now, [lines]: [...now[lines], ...(page[lines] ?? [])], next: { ...now.next, [lines]: page.next } }
          : now,
      );
    } catch (error) {
      setFailure(apiErrorText(t, error, t("takings.failed")));
    } finally {
      setBusy(false);
    }
  }

  async function download(asked: DayRange) {
    setBusy(true);
    try {
      await saveDownload(await takingsApi.xlsx(asked), "takings.xlsx");
    } catch (error) {
      setFailure(apiErrorText(t, error, t("takings.failed")));
    } finally {
      setBusy(false);
    }
  }

  const totals = report?.totals;
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("takings.title")}</h1>
        <p className="mt-1 text-slate-600">{t("takings.intro")}</p>
      </div>
      <DayRangeForm
        busy={busy}
        onShow={(asked) => void load(asked)}
        onDownload={(asked) => void download(asked)}
        onInvalid={() => setFailure(t("errors.takingsDateInvalid"))}
      />
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
      {report && totals && (
        <>
          <section aria-label={t("takings.byMethod")} className="rounded-xl border border-slate-200 bg-white p-5">
            <p className="text-lg font-semibold">
              {t("takings.expectedCash", { amount: format.money(report.expected_cash) })}
            </p>
            {/* On a phone, each method's net only; the kinds from 640 px. */}
            <table className="mt-3 w-full text-sm">
              <thead>
                <tr className="text-left text-slate-600">
                  <th className="py-1 font-medium">{t("takings.method")}</th>
                  {PAYMENT_KINDS.map((kind) => (
                    <th key={kind} className="hidden py-1 text-right font-medium sm:table-cell">
                      {t(`money.kinds.${kind}`)}
                    </th>
                  ))}
                  <th className="py-1 text-right font-medium">{t("takings.totalFor")}</th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {PAYMENT_METHODS.map((method) => (
                  <tr key={method} className="border-t border-slate-100">
                    <th scope="row" className="py-1 text-left font-normal">
                      {t(`money.methods.${method}`)}
                    </th>
                    {PAYMENT_KINDS.map((kind) => (
                      <td key={kind} className="hidden py-1 text-right sm:table-cell">
                        {format.money(totals.by_method[method][kind])}
                      </td>
                    ))}
                    <td className="py-1 text-right font-medium">{format.money(totals.by_method[method].net)}</td>
                  </tr>
                ))}
                <tr className="border-t border-slate-300 font-semibold">
                  <th scope="row" className="py-1 text-left">
                    {t("takings.net")}
                  </th>
                  {PAYMENT_KINDS.map((kind) => (
                    <td key={kind} className="hidden py-1 text-right sm:table-cell">
                      {format.money(totals.by_kind[kind])}
                    </td>
                  ))}
                  <td className="py-1 text-right">{format.money(totals.net)}</td>
                </tr>
              </tbody>
            </table>
          </section>
          <section aria-label={t("takings.payments")} className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="text-lg font-semibold">{t("takings.payments")}</h2>
            {report.payments.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t("takings.none")}</p>
            ) : (
              <Lines lines={report.payments} timeZone={report.time_zone} />
            )}
            <LoadMore
              shown={report.payments.length}
              total={report.counts.payments}
              text={t("takings.showing", { shown: report.payments.length, total: report.counts.payments })}
              busy={busy}
              onMore={report.next.payments ? () => void more("payments") : undefined}
            />
          </section>
          {report.voided.length > 0 && (
            <section aria-label={t("takings.voided")} className="rounded-xl border border-slate-200 bg-white p-5">
              <h2 className="text-lg font-semibold">{t("takings.voided")}</h2>
              <Lines lines={report.voided} voided timeZone={report.time_zone} />
              <LoadMore
                shown={report.voided.length}
                total={report.counts.voided}
                text={t("takings.showing", { shown: report.voided.length, total: report.counts.voided })}
                busy={busy}
                onMore={report.next.voided ? () => void more("voided") : undefined}
              />
            </section>
          )}
          <p className="text-sm text-slate-600">{t("takings.notInvoice")}</p>
        </>
      )}
    </div>
  );
}
