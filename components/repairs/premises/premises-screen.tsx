"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { premisesApi } from "@/lib/client/counter-api";
import type { GoodsOnPremises, PremisesItem } from "@/lib/repairs/premises";
import { button } from "@/components/ui/button";
import { saveDownload } from "@/components/ui/download";
import { LoadMore } from "@/components/ui/load-more";
import { apiErrorText } from "@/components/ui/error-text";
import { ErrorNotice } from "@/components/ui/notice";
import { useFormat } from "@/components/repairs/format";

// Goods on the premises (docs/counter.md): what customers left and have not
// collected, with the declared values and their total, in the shop and at
// outside workshops apart; the same as a spreadsheet.

function Items({
  title,
  items,
  totals,
  busy,
  onMore,
}: {
  title: string;
  items: PremisesItem[];
  totals: GoodsOnPremises["totals"]["held"];
  busy: boolean;
  /** The next page, while there is one. */
  onMore?: () => void;
}) {
  const t = useTranslations();
  const format = useFormat();
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm font-medium text-slate-800">
        {t("premises.summary", { count: totals.count, total: format.money(totals.declared_total) })}
      </p>
      {totals.undeclared > 0 && (
        <p className="text-sm text-amber-800">{t("premises.undeclared", { count: totals.undeclared })}</p>
      )}
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t("premises.empty")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
              <div className="min-w-0">
                <Link href={`/repairs/${item.id}`} className="font-medium text-blue-800 underline">
                  {item.repair_number}
                </Link>{" "}
                · {item.customer_name}
                <p className="text-slate-700 [overflow-wrap:anywhere]">
                  {t(`itemTypes.${item.item_type}`)}:{" "}
                  {[item.brand, item.model, item.serial_number].filter(Boolean).join(" ") || item.item_description}
                </p>
                <p className="text-slate-500">
                  {t(`statuses.${item.status}`)}
                  {item.outsourced_to && ` · ${item.outsourced_to}`} ·{" "}
                  {t("premises.since", { date: format.instant(item.created_at) })}
                </p>
              </div>
              <span className="font-medium tabular-nums">
                {item.declared_value === null ? "—" : format.money(item.declared_value)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        shown={items.length}
        total={totals.count}
        busy={busy}
        onMore={onMore}
        text={t("premises.showing", { shown: items.length, total: totals.count })}
      />
    </section>
  );
}

export function PremisesScreen() {
  const t = useTranslations();
  const [goods, setGoods] = useState<GoodsOnPremises | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    premisesApi.list().then(setGoods, (error: unknown) => setFailure(apiErrorText(t, error, t("premises.failed"))));
  }, [t]);

  async function more(list: "held" | "at_workshops") {
    const after = goods?.next[list];
    if (!after) return;
    setBusy(true);
    try {
      const page = await premisesApi.more(list, after);
      setGoods((now) =>
        now ? { ...now, [list]: [...now[list], ...(page[list] ?? [])], next: { ...now.next, [list]: page.next } } : now,
      );
    } catch (error) {
      setFailure(apiErrorText(t, error, t("premises.failed")));
    } finally {
      setBusy(false);
    }
  }

  async function download() {
    setBusy(true);
    try {
      await saveDownload(await premisesApi.xlsx(), "goods_on_premises.xlsx");
    } catch (error) {
      setFailure(apiErrorText(t, error, t("premises.failed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("premises.title")}</h1>
          <p className="mt-1 text-slate-600">{t("premises.intro")}</p>
        </div>
        <button type="button" onClick={download} disabled={busy || !goods} className={button("secondary")}>
          {t("premises.download")}
        </button>
      </div>
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
      {!goods && !failure && <p role="status">{t("common.loading")}</p>}
      {goods && (
        <>
          <Items
            title={t("premises.held")}
            items={goods.held}
            totals={goods.totals.held}
            busy={busy}
            onMore={goods.next.held ? () => void more("held") : undefined}
          />
          <Items
            title={t("premises.atWorkshops")}
            items={goods.at_workshops}
            totals={goods.totals.at_workshops}
            busy={busy}
            onMore={goods.next.at_workshops ? () => void more("at_workshops") : undefined}
          />
        </>
      )}
    </div>
  );
}
