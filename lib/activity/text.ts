import { createTranslator } from "next-intl";
import type { Locale } from "@/i18n/config";
import { CATALOGS } from "@/i18n/catalogs";
import type { ActivityKind } from "@/lib/generated/prisma/enums";
import { formatAmount } from "@/lib/repairs/money";
import type { ActivityDetail } from "./activity";

// What a line of the activity log says, in the reader's language: one
// sentence per kind, the same on the screen and in the spreadsheet.

/** A line as the JSON gives it (GET /activity) or the spreadsheet reads it. */
export type ActivityLine = {
  kind: ActivityKind;
  repair_number: string | null;
  detail: unknown;
};

export function activityTexts(locale: Locale) {
  const t = createTranslator({ locale, messages: CATALOGS[locale], namespace: "activity" });
  const fieldLabels = CATALOGS[locale].activity.fields as Record<string, string>;
  const role = (name: string) => (name === "owner" || name === "staff" ? t(`roles.${name}`) : name);
  const value = (v: unknown): string => {
    if (v === null || v === undefined || v === "") return t("empty");
    if (typeof v === "boolean") return v ? t("yes") : t("no");
    if (Array.isArray(v)) return v.length ? v.map(value).join(", ") : t("empty");
    return `“${String(v)}”`;
  };
  const reasonOf = (reason: string | null | undefined) => (reason?.trim() ? reason : t("noReason"));

  /** The sentence for one line. */
  return (line: ActivityLine): string => {
    const number = line.repair_number ?? "";
    switch (line.kind) {
      case "account_added": {
        const d = line.detail as ActivityDetail["account_added"];
        return t("account_added", { name: d.name, email: d.email, role: role(d.role) });
      }
      case "account_removed": {
        const d = line.detail as ActivityDetail["account_removed"];
        return t("account_removed", { name: d.name, email: d.email });
      }
      case "role_changed": {
        const d = line.detail as ActivityDetail["role_changed"];
        return t("role_changed", { name: d.name, from: role(d.from), to: role(d.to) });
      }
      case "shop_changed": {
        const d = line.detail as ActivityDetail["shop_changed"];
        const changes = d.changes
          .map((c) => `${fieldLabels[c.field] ?? c.field}: ${value(c.from)} → ${value(c.to)}`)
          .join("; ");
        return t("shop_changed", { changes });
      }
      case "repair_archived": {
        const d = line.detail as ActivityDetail["repair_archived"];
        return t("repair_archived", { number, customer: d.customer, reason: reasonOf(d.reason) });
      }
      case "repair_erased": {
        const d = line.detail as ActivityDetail["repair_erased"];
        return t("repair_erased", { number, customer: d.customer, reason: reasonOf(d.reason) });
      }
      case "repair_restored": {
        const d = line.detail as ActivityDetail["repair_restored"];
        return t("repair_restored", { number, customer: d.customer });
      }
      case "payment_voided": {
        const d = line.detail as ActivityDetail["payment_voided"];
        const messages = CATALOGS[locale].money;
        return t("payment_voided", {
          kind: messages.kinds[d.kind as keyof typeof messages.kinds] ?? d.kind,
          amount: formatAmount(d.amount, locale),
          method: messages.methods[d.method as keyof typeof messages.methods] ?? d.method,
          number,
          reason: d.reason,
        });
      }
    }
  };
}

/** Who a line names as having done it. */
export const actorText = (locale: Locale, line: { actor: string | null; by_operator: boolean }) =>
  line.by_operator ? CATALOGS[locale].activity.operator : (line.actor ?? "");
