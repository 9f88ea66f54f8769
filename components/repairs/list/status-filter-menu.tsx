"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import { useTranslations } from "next-intl";
import { REPAIR_STATUSES, type RepairStatus } from "@/lib/repairs/workflow";
import { FilterButton } from "./status-filter";
import { statusClasses } from "@/components/repairs/status/status-style";

/** The filter's checkbox list (loaded on first use, mounted open). */
export function StatusFilterMenu({
  selected,
  onChange,
}: {
  selected: RepairStatus[];
  onChange: (next: RepairStatus[]) => void;
}) {
  const t = useTranslations("repairs");
  const ts = useTranslations("statuses");
  const toggle = (status: RepairStatus, on: boolean) =>
    onChange(
      on ? REPAIR_STATUSES.filter((s) => s === status || selected.includes(s)) : selected.filter((s) => s !== status),
    );

  return (
    <Menu.Root modal={false} defaultOpen>
      <Menu.Trigger asChild>
        <FilterButton count={selected.length} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {REPAIR_STATUSES.map((status) => (
            <Menu.CheckboxItem
              key={status}
              checked={selected.includes(status)}
              onCheckedChange={(on) => toggle(status, on === true)}
              // Keep the list open while several statuses are ticked.
              onSelect={(event) => event.preventDefault()}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
            >
              <span
                aria-hidden="true"
                className="flex h-4 w-4 items-center justify-center rounded border border-slate-400 text-xs"
              >
                <Menu.ItemIndicator>✓</Menu.ItemIndicator>
              </span>
              <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${statusClasses(status).dot}`} />
              {ts(status)}
            </Menu.CheckboxItem>
          ))}
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Menu.Item
            disabled={selected.length === 0}
            onSelect={() => onChange([])}
            className="cursor-pointer rounded px-2 py-1.5 text-sm text-blue-800 outline-none data-[disabled]:cursor-default data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100"
          >
            {t("filterClear")}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
