"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useState, type ReactNode } from "react";
import { workshopsApi, type WorkshopJson } from "@/lib/client/api";
import { QUEUES, type Queue } from "@/lib/repairs/workflow";
import type { ListFilters } from "./use-repair-list";

// The list's work-queue filter, its outside-workshop filter and its order
// (issue 17, parts 2 and 3); each applies at once and goes into the address.
export function ListFilterControls({
  filters,
  onChange,
}: {
  filters: ListFilters;
  onChange: (changes: Partial<ListFilters>) => void;
}) {
  const t = useTranslations();
  const [workshops, setWorkshops] = useState<WorkshopJson[]>([]);
  useEffect(() => {
    workshopsApi.list().then(
      (answer) => setWorkshops(answer.workshops),
      // Without the names, the filter still offers "at any workshop".
      () => setWorkshops([]),
    );
  }, []);

  const select = "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900";
  const id = useId();
  return (
    <>
      <Labelled id={`${id}-queue`} label={t("repairs.showLabel")}>
        <select
          id={`${id}-queue`}
          value={filters.queue ?? ""}
          onChange={(e) => onChange({ queue: (e.target.value || null) as Queue | null })}
          className={select}
        >
          <option value="">{t("repairs.showAll")}</option>
          {QUEUES.map((queue) => (
            <option key={queue} value={queue}>
              {t(`queues.${queue}`)}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-workshop`} label={t("repairs.workshopLabel")}>
        <select
          id={`${id}-workshop`}
          value={filters.workshop ?? ""}
          onChange={(e) => onChange({ workshop: e.target.value || null })}
          className={select}
        >
          <option value="">{t("repairs.workshopNone")}</option>
          <option value="any">{t("repairs.workshopAny")}</option>
          {workshops.map((workshop) => (
            <option key={workshop.id} value={workshop.id}>
              {workshop.name}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-sort`} label={t("repairs.sortLabel")}>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(e) => onChange({ sort: e.target.value === "deadline" ? "deadline" : "created" })}
          className={select}
        >
          <option value="created">{t("repairs.sortCreated")}</option>
          <option value="deadline">{t("repairs.sortDeadline")}</option>
        </select>
      </Labelled>
    </>
  );
}

/** Labelled by id, not by wrapping: a wrapping label would take in the options' names too. */
function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-1 basis-36 flex-col gap-1 text-sm font-medium text-slate-700 sm:flex-none sm:basis-auto">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
