import type { Locale } from "@/i18n/config";
import type { ActivityKind } from "@/lib/generated/prisma/enums";
import { formatAmount } from "@/lib/repairs/money";
import type { ActivityDetail } from "./activity";

// What a line of the activity log says, in the reader's language: one
// sentence per kind, the same on the screen (next-intl's useTranslations) and
// in the spreadsheet (its createTranslator), given either translator.

/** A translator of the whole catalog (keys as "activity.…"). */
export type Translate = {
  (key: string, values?: Record<string, string | number>): string;
  has: (key: string) => boolean;
};

/** A line as the JSON gives it (GET /activity) or the spreadsheet reads it. */
export type ActivityLine = {
  kind: ActivityKind;
  repair_number: string | null;
  detail: unknown;
};

export function activitySentence(line: ActivityLine, t: Translate, locale: Locale): string {
  const role = (name: string) => (t.has(`activity.roles.${name}`) ? t(`activity.roles.${name}`) : name);
  const field = (name: string) => (t.has(`activity.fields.${name}`) ? t(`activity.fields.${name}`) : name);
  const value = (v: unknown): string => {
    if (v === null || v === undefined || v === "") return t("activity.empty");
    if (typeof v === "boolean") return v ? t("activity.yes") : t("activity.no");
    if (Array.isArray(v)) return v.length ? v.map(value).join(", ") : t("activity.empty");
    return `“${String(v)}”`;
  };
  const reason = (text: string | null | undefined) => (text?.trim() ? text : t("activity.noReason"));
  const number = line.repair_number ?? "";
  switch (line.kind) {
    case "account_added": {
      const d = line.detail as ActivityDetail["account_added"];
      return t("activity.account_added", { name: d.name, email: d.email, role: role(d.role) });
    }
    case "account_removed": {
      const d = line.detail as ActivityDetail["account_removed"];
      return t("activity.account_removed", { name: d.name, email: d.email });
    }
    case "role_changed": {
      const d = line.detail as ActivityDetail["role_changed"];
      return t("activity.role_changed", { name: d.name, from: role(d.from), to: role(d.to) });
    }
    case "shop_changed": {
      const d = line.detail as ActivityDetail["shop_changed"];
      const changes = d.changes.map((c) => `${field(c.field)}: ${value(c.from)} → ${value(c.to)}`).join("; ");
      return t("activity.shop_changed", { changes });
    }
    case "repair_archived":
    case "repair_erased": {
      const d = line.detail as ActivityDetail["repair_archived"];
      return t(`activity.${line.kind}`, { number, customer: d.customer, reason: reason(d.reason) });
    }
    case "repair_restored": {
      const d = line.detail as ActivityDetail["repair_restored"];
      return t("activity.repair_restored", { number, customer: d.customer });
    }
    case "payment_voided": {
      const d = line.detail as ActivityDetail["payment_voided"];
      return t("activity.payment_voided", {
        kind: t(`money.kinds.${d.kind}`),
        amount: formatAmount(d.amount, locale),
        method: t(`money.methods.${d.method}`),
        number,
        reason: d.reason,
      });
    }
  }
}

/** Who a line names as having done it. */
export const actorText = (line: { actor: string | null; by_operator: boolean }, t: Translate) =>
  line.by_operator ? t("activity.operator") : (line.actor ?? "");
