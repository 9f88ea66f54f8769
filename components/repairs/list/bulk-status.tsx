"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { REPAIR_STATUSES, type RepairStatus } from "@/lib/repairs/workflow";
import { button } from "@/components/ui/button";
import { LazyConfirmDialog, preloadConfirmDialog } from "@/components/ui/lazy-confirm-dialog";

// The bar shown while repairs are selected in the list: one status for all of
// them, confirmed once, applied in one transaction (all or none).
export function BulkStatusBar({
  numbers,
  onApply,
  onClear,
}: {
  /** The selected repairs' numbers, in the list's order. */
  numbers: string[];
  onApply: (status: RepairStatus) => Promise<void>;
  onClear: () => void;
}) {
  const t = useTranslations();
  const [status, setStatus] = useState<RepairStatus>("ready");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const count = numbers.length;
  const shown = numbers.length > 8 ? `${numbers.slice(0, 8).join(", ")}, …` : numbers.join(", ");

  return (
    <div
      role="region"
      aria-label={t("repairs.selected", { count })}
      className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-blue-200 bg-blue-50 px-3 py-2 text-sm"
    >
      <span className="font-medium text-blue-950">{t("repairs.selected", { count })}</span>
      <label className="flex items-center gap-2">
        <span className="sr-only">{t("repairs.bulkStatus")}</span>
        <select
          value={status}
          onChange={(e) => setStatus(e.target.value as RepairStatus)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
        >
          {/* Handing over is one item at a time: who collects it, their signature, what is due. */}
          {REPAIR_STATUSES.filter((s) => s !== "picked_up").map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
      </label>
      {/* Sending out opens its own dialog, which names how many go: it is the confirmation. */}
      <button
        type="button"
        disabled={busy}
        onClick={() => (status === "outsourced" ? void onApply(status) : setConfirming(true))}
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        className={button("primary")}
      >
        {t("repairs.bulkApply")}
      </button>
      <button type="button" onClick={onClear} className="ml-auto text-blue-900 underline">
        {t("repairs.bulkClear")}
      </button>
      {confirming && (
        <LazyConfirmDialog
          open
          onCancel={() => setConfirming(false)}
          title={t("repairs.bulkTitle")}
          description={t("repairs.bulkConfirm", { count, status: t(`statuses.${status}`), numbers: shown })}
          cancelLabel={t("repair.cancel")}
          confirmLabel={t("repairs.bulkApply")}
          kind="primary"
          onConfirm={async () => {
            setConfirming(false);
            setBusy(true);
            try {
              await onApply(status);
            } finally {
              setBusy(false);
            }
          }}
        />
      )}
    </div>
  );
}
