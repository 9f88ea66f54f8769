"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import type { RepairJson } from "@/lib/repairs/serialize";
import type { RepairStatus } from "@/lib/repairs/workflow";
import { apiErrorText } from "@/components/ui/error-text";
import { STATUS_ERROR_MS, useFlash } from "@/components/ui/use-flash";
import { useEffect, useState, type FormEvent } from "react";
import { repairsApi } from "@/lib/client/api";
import { lazyComponent } from "@/components/ui/lazy";
import { StatusFilter } from "./status-filter";
import { ListFilterControls } from "./list-filters";
import { PAGE_SIZE } from "@/lib/repairs/limits";
import type { ListShownField } from "@/lib/repairs/fields";
import { useRepairList, type ListRepair } from "./use-repair-list";
import { FlashNotice } from "@/components/ui/notice";
import { INPUT } from "@/components/ui/input-style";
import { RepairRows } from "./repair-rows";
import { NewRepair } from "./new-repair";
import { takeListMessage } from "./list-memory";
import { customerValues } from "@/components/repairs/form/customer-values";
import { useCurrentUser } from "@/components/session/auth-guard";
import { useOnAnswer } from "@/components/session/answer-event";
import { useStatusChange } from "@/components/repairs/status/use-status-change";

// Shown only once a repair is created or selected: not part of the list's first load.
const PrintOffer = lazyComponent(() => import("./print-offer").then((m) => m.PrintOffer));
const BulkStatusBar = lazyComponent(() => import("./bulk-status").then((m) => m.BulkStatusBar));

export function RepairsList({ fields }: { fields: readonly ListShownField[] }) {
  const t = useTranslations();
  const { time_zone: timeZone } = useCurrentUser().user;
  const router = useRouter();
  const list = useRepairList();
  // A customer answered a quote by the link: the list shows it at once.
  useOnAnswer(list.reload);
  const [notice, setNotice] = useFlash();
  useEffect(() => {
    const said = takeListMessage();
    if (said) setNotice({ kind: "success", text: said });
  }, [setNotice]);
  const statusChange = useStatusChange({
    setFlash: setNotice,
    keep: (changed) => list.keep([changed]),
    readAgainIfStale: list.readAgainIfStale,
  });
  // The repair just created, with its printouts offered until another is created or this is closed.
  const [created, setCreated] = useState<RepairJson | null>(null);
  // "Another item for this customer": the form again, with the customer's fields typed in.
  const [another, setAnother] = useState<Record<string, string>>();
  // Repairs chosen for a status change together (ids).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const chosen = list.repairs.filter((repair) => selected.has(repair.id));
  const applyBulk = async (status: RepairStatus) => {
    const done = () => {
      setNotice({
        kind: "success",
        text: t("repairs.bulkDone", { count: chosen.length, status: t(`statuses.${status}`) }),
      });
      setSelected(new Set());
    };
    // Going out asks where (the dialog shows its own errors and stays open until saved).
    if (status === "outsourced")
      return statusChange.sendOut.ask(async (details) => {
        await list.changeStatuses(chosen, status, details);
        done();
      }, chosen.length);
    try {
      await list.changeStatuses(chosen, status);
      done();
    } catch (error) {
      setNotice({
        kind: "error",
        text: apiErrorText(t, error, t("repairs.bulkFailed")),
        clearAfterMs: STATUS_ERROR_MS,
      });
    }
  };

  async function openExact(event: FormEvent) {
    event.preventDefault();
    const search = list.searchInput.trim();
    if (!search) return;
    try {
      const { exact_match } = await repairsApi.list({ search, limit: 1 });
      if (exact_match) router.push(`/repairs/${exact_match}`);
    } catch {
      // The list below shows the search's own error, if any.
    }
  }

  const open = (repair: ListRepair) => {
    list.rememberBeforeOpening();
    router.push(`/repairs/${repair.id}`);
  };
  const filtered =
    list.query.search !== "" ||
    list.query.statuses.length > 0 ||
    list.query.queue !== null ||
    list.query.workshop !== null;
  const shown = list.repairs.length;
  // A capped count is a lower bound: never below what is shown (pages read on past it).
  const total = Math.max(list.page?.total ?? 0, shown);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("repairs.title")}</h1>
        <NewRepair
          prefill={another}
          onCreated={(repair, problem) => {
            setNotice(
              problem
                ? { kind: "error", text: problem }
                : { kind: "success", text: t("createRepair.created", { number: repair.repair_number }) },
            );
            setCreated(repair);
            list.reload();
          }}
        />
      </div>

      <div className="flex flex-wrap items-end gap-3">
        {/* Enter (a barcode scanner sends one) opens the repair whose number was typed or scanned. */}
        <form role="search" onSubmit={openExact} className="flex min-w-0 flex-1 basis-64">
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
            {t("repairs.searchLabel")}
            <input
              type="search"
              value={list.searchInput}
              onChange={(e) => list.setSearchInput(e.target.value)}
              placeholder={t("repairs.searchPlaceholder")}
              className={INPUT}
            />
          </label>
        </form>
        <StatusFilter selected={list.statuses} onChange={list.setStatuses} />
        <ListFilterControls filters={list.query} onChange={list.setFilters} />
      </div>

      <div aria-live="polite" className="min-h-6 text-sm text-slate-600">
        {list.page && shown > 0 && (
          <span>
            {list.page.totalCapped
              ? t("repairs.showingCapped", { shown, total })
              : t("repairs.showing", { shown, total })}
            {!list.page.hasMore && shown > PAGE_SIZE && (
              <span className="ml-2 font-medium text-green-800">· {t("repairs.allLoaded")}</span>
            )}
          </span>
        )}
      </div>

      <FlashNotice flash={notice} />
      {statusChange.dialogs}
      {created && (
        <PrintOffer
          repair={created}
          onClose={() => setCreated(null)}
          onAnother={() => setAnother(customerValues(created, timeZone))}
        />
      )}
      {chosen.length > 0 && (
        <BulkStatusBar
          numbers={chosen.map((repair) => repair.repair_number)}
          onApply={applyBulk}
          onClear={() => setSelected(new Set())}
        />
      )}

      {list.error !== null && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {apiErrorText(t, list.error, t("repairs.fetchFailed"))}
          <button type="button" onClick={list.reload} className="rounded border border-red-300 px-2 py-0.5">
            {t("repairs.retry")}
          </button>
        </div>
      )}

      {!list.loading && list.error === null && shown === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          {filtered ? (
            <p className="text-slate-700">
              {list.query.search ? t("repairs.noResults", { term: list.query.search }) : t("repairs.noResultsFiltered")}
            </p>
          ) : (
            <>
              <p className="font-medium text-slate-800">{t("repairs.emptyTitle")}</p>
              <p className="mt-1 text-sm text-slate-600">{t("repairs.emptyText")}</p>
            </>
          )}
        </div>
      )}

      {shown > 0 && (
        <RepairRows
          shown={fields}
          repairs={list.repairs}
          selected={selected}
          onSelect={toggle}
          onSelectAll={(on) => setSelected(new Set(on ? list.repairs.map((repair) => repair.id) : []))}
          onOpen={open}
          onRemember={list.rememberBeforeOpening}
          onStatus={(repair, to) => void statusChange.moveTo(repair, to)}
        />
      )}
      {list.loading && (
        <p role="status" className="text-center text-sm text-slate-600">
          {t("common.loading")}
        </p>
      )}

      {list.page && !list.page.hasMore && shown > PAGE_SIZE && (
        <p className="text-center text-sm font-medium text-green-800">{t("repairs.allLoaded")}</p>
      )}

      {list.page?.hasMore && !list.loading && (
        <button
          type="button"
          onClick={() => void list.loadMore()}
          className="self-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t("repairs.loadMore")}
        </button>
      )}
    </div>
  );
}
