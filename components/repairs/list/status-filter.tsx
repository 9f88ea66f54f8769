"use client";

import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import type { RepairStatus } from "@/lib/repairs/workflow";
import { openingHandlers, useOnDemand } from "@/components/ui/on-demand";

/** The filter's button, with the number of statuses ticked. */
export function FilterButton({ count, ...props }: { count: number } & ComponentProps<"button">) {
  const t = useTranslations("repairs");
  return (
    <button
      type="button"
      aria-haspopup="menu"
      className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 hover:bg-slate-50"
      {...props}
    >
      {t("filterLabel")}
      {count > 0 && (
        <span
          className="rounded-full bg-blue-700 px-2 text-xs font-semibold text-white"
          aria-label={t("filterCount", { count })}
        >
          {count}
        </span>
      )}
      <span aria-hidden="true">▾</span>
    </button>
  );
}

const loadMenu = () => import("./status-filter-menu").then((m) => m.StatusFilterMenu);

// The status filter: checkboxes for the 11 statuses, a count
// badge on the button, and Clear. The list's code loads when the button is
// first pressed (components/ui/on-demand.ts).
export function StatusFilter({
  selected,
  onChange,
}: {
  selected: RepairStatus[];
  onChange: (next: RepairStatus[]) => void;
}) {
  const menu = useOnDemand(loadMenu);
  if (menu.Loaded) return <menu.Loaded selected={selected} onChange={onChange} />;
  return (
    <FilterButton
      count={selected.length}
      aria-expanded={false}
      onPointerEnter={menu.preload}
      onFocus={menu.preload}
      {...openingHandlers(() => menu.want())}
    />
  );
}
