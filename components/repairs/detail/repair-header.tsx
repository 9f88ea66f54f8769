"use client";

import { useTranslations } from "next-intl";
import type { RepairJson } from "@/lib/repairs/serialize";
import type { RepairStatus } from "@/lib/repairs/workflow";
import { WORKFLOW, type QuickAction } from "@/lib/repairs/quick-actions";
import { StatusBadge } from "@/components/repairs/status/status-badge";
import { useFormat } from "@/components/repairs/format";

/** The guided next step stands out; denying and sending out are the other ways. */
const ACTION_STYLE: Partial<Record<QuickAction["action"] | "primary", string>> = {
  primary: "rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800",
  deny: "rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50",
  sendOut:
    "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100",
};

/** The repair's page head: its number, status badge, age, Edit and Delete, then the workflow's next steps. */
export function RepairHeader({
  repair,
  onStatus,
  onAction,
  onEdit,
  onDelete,
}: {
  repair: RepairJson;
  onStatus: (status: RepairStatus) => void;
  onAction: (action: QuickAction) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations();
  const format = useFormat();
  const actions = WORKFLOW[repair.status].actions(repair.quote_status);
  const note = WORKFLOW[repair.status].note;
  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-2xl font-semibold [overflow-wrap:anywhere]">{repair.repair_number}</h1>
        <StatusBadge status={repair.status} onChange={onStatus} />
        <span className="text-sm text-slate-600">
          {t("repair.created", { date: format.instant(repair.created_at) })}
        </span>
        <div className="ml-auto flex gap-2">
          <button
            type="button"
            onClick={onEdit}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100"
          >
            {t("createRepair.edit")}
          </button>
          <button
            type="button"
            onClick={onDelete}
            className="rounded-md border border-red-300 px-3 py-1.5 text-sm text-red-800 hover:bg-red-50"
          >
            {t("repair.delete")}
          </button>
        </div>
      </header>

      {(actions.length > 0 || note) && (
        <div className="flex flex-wrap items-center gap-2">
          {actions.map((action) => (
            <button
              key={action.action}
              type="button"
              onClick={() => onAction(action)}
              className={ACTION_STYLE[action.action] ?? ACTION_STYLE.primary}
            >
              {t(`repair.actions.${action.action}`)}
            </button>
          ))}
          {note === "completed" && (
            <p className="text-green-900">{t("repair.completed", { date: format.instant(repair.picked_up_at) })}</p>
          )}
          {note === "denied" && <p className="text-red-900">{t("repair.deniedNote")}</p>}
        </div>
      )}
    </>
  );
}
