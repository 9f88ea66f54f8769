"use client";

import { useTranslations } from "next-intl";
import { useState, type ComponentProps, type SyntheticEvent } from "react";
import { isClosed, type RepairStatus } from "@/lib/repairs/workflow";
import { openingHandlers, useOnDemand } from "@/components/ui/on-demand";
import { statusClasses } from "./status-style";

/** Below this much room under the badge, the list of statuses opens upward. */
export const FLIP_UP_BELOW_PX = 350;

export const stop = (event: SyntheticEvent) => event.stopPropagation();

/** Which way the list opens from this badge: upward when too little room is left below. */
export function sideFor(badge: Element): "top" | "bottom" {
  return window.innerHeight - badge.getBoundingClientRect().bottom < FLIP_UP_BELOW_PX ? "top" : "bottom";
}

/** The badge itself: the status's colour and name, and ▾ while it can change. */
export function BadgeButton({ status, ...props }: { status: RepairStatus } & ComponentProps<"button">) {
  const t = useTranslations();
  const label = t(`statuses.${status}`);
  const locked = isClosed(status);
  return (
    <button
      type="button"
      aria-haspopup="menu"
      disabled={locked}
      aria-label={locked ? t("repairs.statusLocked", { status: label }) : t("repairs.changeStatus", { status: label })}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset disabled:cursor-not-allowed ${statusClasses(status).badge}`}
      {...props}
    >
      {label}
      {!locked && <span aria-hidden="true">▾</span>}
    </button>
  );
}

const loadMenu = () => import("./status-badge-menu").then((m) => m.StatusBadgeMenu);

// The inline status badge: opens the 11 statuses, each with
// its colour and name; disabled once the repair was picked up. The menu's code
// loads when the badge is first pressed (components/ui/on-demand.ts).
export function StatusBadge({ status, onChange }: { status: RepairStatus; onChange: (next: RepairStatus) => void }) {
  const [side, setSide] = useState<"top" | "bottom">("bottom");
  const menu = useOnDemand(loadMenu);
  const open = (button: HTMLElement) => {
    setSide(sideFor(button));
    menu.want();
  };

  return (
    // Clicks here must not reach the row, which opens the repair.
    <div onClick={stop} onKeyDown={stop} className="inline-block">
      {/* A repair closed since the menu loaded shows the locked badge, never the menu's trigger. */}
      {menu.Loaded && !isClosed(status) ? (
        <menu.Loaded status={status} onChange={onChange} initialSide={side} />
      ) : (
        <BadgeButton
          status={status}
          aria-expanded={false}
          onPointerEnter={menu.preload}
          onFocus={menu.preload}
          {...openingHandlers(open)}
        />
      )}
    </div>
  );
}
