"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import { useTranslations } from "next-intl";
import { useRef, useState, type SyntheticEvent } from "react";
import { REPAIR_STATUSES, type RepairStatus } from "@/lib/repairs/workflow";
import { statusClasses } from "./status-style";

/** Below this much room under the badge, the list of statuses opens upward (SPEC section 9). */
export const FLIP_UP_BELOW_PX = 350;

const stop = (event: SyntheticEvent) => event.stopPropagation();

// The inline status badge (SPEC section 2): opens the 11 statuses, each with
// its colour and name; disabled once the repair was picked up.
export function StatusBadge({ status, onChange }: { status: RepairStatus; onChange: (next: RepairStatus) => void }) {
  const t = useTranslations();
  const trigger = useRef<HTMLButtonElement>(null);
  const [side, setSide] = useState<"top" | "bottom">("bottom");
  const label = t(`statuses.${status}`);
  const locked = status === "picked_up";

  return (
    // Clicks here must not reach the row, which opens the repair.
    <div onClick={stop} onKeyDown={stop} className="inline-block">
      <Menu.Root
        modal={false}
        onOpenChange={(open) => {
          if (!open || !trigger.current) return;
          const below = window.innerHeight - trigger.current.getBoundingClientRect().bottom;
          setSide(below < FLIP_UP_BELOW_PX ? "top" : "bottom");
        }}
      >
        <Menu.Trigger asChild disabled={locked}>
          <button
            ref={trigger}
            type="button"
            aria-label={locked ? t("repairs.statusLocked", { status: label }) : t("repairs.changeStatus", { status: label })}
            className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset disabled:cursor-not-allowed ${statusClasses(status).badge}`}
          >
            {label}
            {!locked && <span aria-hidden="true">▾</span>}
          </button>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            side={side}
            align="start"
            sideOffset={4}
            avoidCollisions={false}
            data-side-chosen={side}
            onClick={stop}
            className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          >
            <Menu.RadioGroup value={status} onValueChange={(next) => next !== status && onChange(next as RepairStatus)}>
              {REPAIR_STATUSES.map((option) => (
                <Menu.RadioItem
                  key={option}
                  value={option}
                  className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-semibold"
                >
                  <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${statusClasses(option).dot}`} />
                  {t(`statuses.${option}`)}
                  <Menu.ItemIndicator className="ml-auto" aria-hidden="true">
                    ✓
                  </Menu.ItemIndicator>
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </div>
  );
}
