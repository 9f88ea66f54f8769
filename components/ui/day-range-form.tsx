"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { isDayText, maskDate } from "@/lib/repairs/dates";
import { button } from "./button";

// A range of days (DD/MM/YYYY, either left empty: today), Show and Download:
// the takings' and the activity log's form.

export type DayRange = { from?: string; to?: string };

export function DayRangeForm({
  onShow,
  onDownload,
  onInvalid,
  busy,
}: {
  onShow: (range: DayRange) => void;
  onDownload: (range: DayRange) => void;
  /** A day that is not a date: the screen says so. */
  onInvalid: () => void;
  busy: boolean;
}) {
  const t = useTranslations();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const range = (): DayRange => ({ ...(from.trim() ? { from } : {}), ...(to.trim() ? { to } : {}) });
  const valid = () => [from, to].every((d) => !d.trim() || isDayText(d.trim()));

  function show(event: FormEvent) {
    event.preventDefault();
    if (!valid()) return onInvalid();
    onShow(range());
  }

  const input = "rounded-md border border-slate-300 px-3 py-2 text-base font-normal";
  return (
    <form onSubmit={show} className="flex flex-wrap items-end gap-3">
      {(
        [
          ["from", from, setFrom],
          ["to", to, setTo],
        ] as const
      ).map(([name, value, set]) => (
        <label key={name} className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t(`takings.${name}`)}
          <input
            value={value}
            onChange={(e) => set(maskDate(e.target.value))}
            placeholder={t("createRepair.deadlinePlaceholder")}
            inputMode="numeric"
            maxLength={10}
            className={`${input} w-36`}
          />
        </label>
      ))}
      <button type="submit" className={button("primary")}>
        {t("takings.show")}
      </button>
      <button
        type="button"
        onClick={() => (valid() ? onDownload(range()) : onInvalid())}
        disabled={busy}
        className={button("secondary")}
      >
        {t("takings.download")}
      </button>
    </form>
  );
}
