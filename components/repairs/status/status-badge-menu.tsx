"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { REPAIR_STATUSES, type RepairStatus } from "@/lib/repairs/workflow";
import { BadgeButton, sideFor, stop } from "./status-badge";
import { statusClasses } from "./status-style";

const KEEP_SIDE = { left: 8, right: 8, top: -100_000, bottom: -100_000 };

/** The badge's menu of the 11 statuses (loaded on first use, mounted open). */
export function StatusBadgeMenu({
  status,
  onChange,
  initialSide,
}: {
  status: RepairStatus;
  onChange: (next: RepairStatus) => void;
  initialSide: "top" | "bottom";
}) {
  const t = useTranslations();
  const trigger = useRef<HTMLButtonElement>(null);
  const [side, setSide] = useState(initialSide);

  return (
    <Menu.Root
      modal={false}
      defaultOpen
      onOpenChange={(open) => {
        if (open && trigger.current) setSide(sideFor(trigger.current));
      }}
    >
      <Menu.Trigger asChild>
        <BadgeButton ref={trigger} status={status} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          side={side}
          align="start"
          sideOffset={4}
          // The side is the spec's rule (up when less than 350 px below), never
          // Radix's own flip; but the menu slides sideways to stay inside the
          // screen: the collision boundary reaches far above and below, so
          // only its left and right edges ever collide. Within the 350 px the
          // rule leaves, the eleven statuses with their lines scroll.
          avoidCollisions
          collisionPadding={KEEP_SIDE}
          data-side-chosen={side}
          onClick={stop}
          className="z-50 max-h-[340px] min-w-44 max-w-[min(22rem,calc(100vw-16px))] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <Menu.RadioGroup value={status} onValueChange={(next) => next !== status && onChange(next as RepairStatus)}>
            {REPAIR_STATUSES.map((option) => (
              <Menu.RadioItem
                key={option}
                value={option}
                aria-label={t(`statuses.${option}`)}
                aria-describedby={`status-about-${option}`}
                className="flex cursor-pointer items-start gap-2 rounded px-2 py-1 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-semibold"
              >
                <span
                  aria-hidden="true"
                  className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${statusClasses(option).dot}`}
                />
                {/* Each status with a line on what it means ("in progress" and "in repair" side by side). */}
                <span className="flex flex-col">
                  {t(`statuses.${option}`)}
                  <span id={`status-about-${option}`} className="text-xs font-normal leading-tight text-slate-600">
                    {t(`statusAbout.${option}`)}
                  </span>
                </span>
                <Menu.ItemIndicator className="ml-auto" aria-hidden="true">
                  ✓
                </Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
