import { createTranslator } from "next-intl";
import type { Locale } from "@/i18n/config";
import { CATALOGS } from "@/i18n/catalogs";
import { TEXT_FORMAT, TIMESTAMP_FORMAT } from "@/lib/export/cells";
import type { Cell, XlsxColumn } from "@/lib/export/xlsx";
import type { ActivityKind } from "@/lib/generated/prisma/enums";
import { wallClocksIn } from "@/lib/time-zone";
import { activitySentence, actorText, type Translate } from "./text";

// The activity log as a spreadsheet (made on an export's thread,
// lib/export/files.ts): when, who, what, and the repair it was about.

/** A line as the thread reads it (lib/activity/activity.ts). */
export type ActivitySheetRow = {
  createdAt: string | Date;
  kind: ActivityKind;
  actor: string | null;
  byOperator: boolean;
  repairNumber: string | null;
  detail: unknown;
};

export function activityLayout(locale: Locale, timeZone: string) {
  const m = CATALOGS[locale].activity;
  const columns: XlsxColumn[] = [
    { header: m.when, width: 18, numFmt: TIMESTAMP_FORMAT },
    { header: m.who, width: 20, numFmt: TEXT_FORMAT },
    { header: m.what, width: 80, numFmt: TEXT_FORMAT },
    { header: CATALOGS[locale].fields.repair_number, width: 20, numFmt: TEXT_FORMAT },
  ];
  const wallClock = wallClocksIn(timeZone);
  const t = createTranslator({ locale, messages: CATALOGS[locale] }) as unknown as Translate;
  const cells = (row: ActivitySheetRow): Cell[] => [
    wallClock(new Date(row.createdAt)),
    actorText({ actor: row.actor, by_operator: row.byOperator }, t),
    activitySentence({ kind: row.kind, repair_number: row.repairNumber, detail: row.detail }, t, locale),
    row.repairNumber,
  ];
  return { columns, sheetName: m.sheetName, cells };
}
