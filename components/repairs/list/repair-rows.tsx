"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { ListShownField } from "@/lib/repairs/fields";
import { fieldWriters, valueText } from "@/lib/repairs/value-text";
import type { RepairStatus } from "@/lib/repairs/workflow";
import { useFormat } from "@/components/repairs/format";
import { StatusBadge } from "@/components/repairs/status/status-badge";
import type { ListRepair } from "./use-repair-list";

/** An overdue deadline. */
const LATE = "font-medium text-red-700";

// The list's rows: a table on wide screens, cards on phones,
// each with its selection box for a change of several at once.
export function RepairRows({
  shown: SHOWN,
  repairs,
  selected,
  onSelect,
  onSelectAll,
  onOpen,
  onRemember,
  onStatus,
}: {
  /** The fields the registry puts on the list by themselves (lib/repairs/fields.ts), after the item. */
  shown: readonly ListShownField[];
  repairs: ListRepair[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
  /** Opens the repair (a click anywhere on its row or card). */
  onOpen: (repair: ListRepair) => void;
  /** Remembers the list's place before its link is followed. */
  onRemember: () => void;
  onStatus: (repair: ListRepair, status: RepairStatus) => void;
}) {
  const t = useTranslations();
  const format = useFormat();
  const write = fieldWriters(t as (key: string) => string, format.money, useLocale());
  const shown = (repair: ListRepair, field: ListShownField) => valueText(field, repair[field.column], write);
  // Done or collected with money still owed (docs/money.md).
  const dueMark = (repair: ListRepair) =>
    repair.balance_due > 0 &&
    (repair.status === "ready" || repair.status === "picked_up") && (
      <span className="ml-1 block text-xs font-medium text-red-800">
        {t("money.dueMark", { amount: format.money(repair.balance_due) })}
      </span>
    );
  const quote = (repair: ListRepair) =>
    repair.quote_amount === null
      ? "—"
      : `${format.money(repair.quote_amount)}${repair.quote_status ? ` · ${t(`quoteStatuses.${repair.quote_status}`)}` : ""}`;
  const checkbox = (repair: ListRepair) => (
    <input
      type="checkbox"
      checked={selected.has(repair.id)}
      onChange={(e) => onSelect(repair.id, e.target.checked)}
      onClick={(e) => e.stopPropagation()}
      aria-label={t("repairs.select", { number: repair.repair_number })}
      className="h-5 w-5 shrink-0"
    />
  );
  // The number is a real link (a new tab, a copied address); a click on it opens the repair, not the row's handler twice.
  const numberLink = (repair: ListRepair, className: string) => (
    <Link
      href={`/repairs/${repair.id}`}
      onClick={(e) => {
        e.stopPropagation();
        onRemember();
      }}
      className={className}
    >
      {repair.repair_number}
    </Link>
  );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white lg:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="w-8 px-3 py-2">
                <input
                  type="checkbox"
                  checked={repairs.length > 0 && repairs.every((repair) => selected.has(repair.id))}
                  onChange={(e) => onSelectAll(e.target.checked)}
                  aria-label={t("repairs.selectAll")}
                  className="h-4 w-4"
                />
              </th>
              {[
                ...(["number", "customer", "type", "item"] as const).map((c) => t(`repairs.columns.${c}`)),
                ...SHOWN.map(({ column }) => t(`fields.${column}`)),
                ...(["status", "quote", "deadline", "finalPrice"] as const).map((c) => t(`repairs.columns.${c}`)),
              ].map((label) => (
                <th key={label} scope="col" className="px-3 py-2 font-semibold">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {repairs.map((repair) => (
              <tr
                key={repair.id}
                onClick={() => onOpen(repair)}
                className="cursor-pointer border-t border-slate-100 hover:bg-slate-50"
              >
                <td className="px-3 py-2">{checkbox(repair)}</td>
                <td className="px-3 py-2 font-medium">{numberLink(repair, "text-blue-800 hover:underline")}</td>
                <td className="px-3 py-2">{repair.customer_name}</td>
                <td className="px-3 py-2">{t(`itemTypes.${repair.item_type}`)}</td>
                <td className="max-w-64 px-3 py-2">
                  <span className="line-clamp-2">{repair.item_description}</span>
                </td>
                {SHOWN.map((field) => (
                  <td key={field.column} className="px-3 py-2">
                    {shown(repair, field)}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <StatusBadge status={repair.status} onChange={(status) => onStatus(repair, status)} />
                </td>
                <td className="whitespace-nowrap px-3 py-2">{quote(repair)}</td>
                <td className={`whitespace-nowrap px-3 py-2 ${format.late(repair) ? LATE : ""}`}>
                  {format.date(repair.deadline)}
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  {format.money(repair.final_price)}
                  {dueMark(repair)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 lg:hidden">
        {repairs.map((repair) => (
          <li
            key={repair.id}
            onClick={() => onOpen(repair)}
            className="cursor-pointer rounded-xl border border-slate-200 bg-white p-4"
          >
            <div className="flex items-start justify-between gap-2">
              {checkbox(repair)}
              {numberLink(repair, "mr-auto font-medium text-blue-800 hover:underline")}
              <StatusBadge status={repair.status} onChange={(status) => onStatus(repair, status)} />
            </div>
            <p className="mt-1 text-slate-900">{repair.customer_name}</p>
            <p className="line-clamp-2 text-sm text-slate-600">
              {t(`itemTypes.${repair.item_type}`)} · {repair.item_description}
            </p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-xs text-slate-600">
              <div>
                <dt>{t("repairs.columns.quote")}</dt>
                <dd className="text-slate-900">{quote(repair)}</dd>
              </div>
              <div>
                <dt>{t("repairs.columns.deadline")}</dt>
                <dd className={format.late(repair) ? LATE : "text-slate-900"}>{format.date(repair.deadline)}</dd>
              </div>
              <div>
                <dt>{t("repairs.columns.finalPrice")}</dt>
                <dd className="text-slate-900">
                  {format.money(repair.final_price)}
                  {dueMark(repair)}
                </dd>
              </div>
              {SHOWN.map(
                (field) =>
                  shown(repair, field) !== null && (
                    <div key={field.column}>
                      <dt>{t(`fields.${field.column}`)}</dt>
                      <dd className="text-slate-900">{shown(repair, field)}</dd>
                    </div>
                  ),
              )}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
