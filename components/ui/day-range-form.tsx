"use client";

import { DateField } from "./field";
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

  return (
    <form onSubmit={show} className="flex flex-wrap items-end gap-3">
      {(
        [
          ["from", from, setFrom],
          ["to", to, setTo],
        ] as const
      ).map(([name, value, set]) => (
        <DateField
          key={name}
          label={t(`takings.${name}`)}
          value={value}
          onChange={(e) => set(maskDate(e.target.value))}
          placeholder={t("createRepair.deadlinePlaceholder")}
          className="w-36"
        />
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
