import { columnsWhere, EXPORT_GROUPS, type ColumnsWith, type ExportGroup } from "@/lib/repairs/fields";

// The exportable fields and the screen's groups, as the field registry
// (lib/repairs/fields.ts) declares them. Plain data, shared by the export
// screen and the server.

export type ExportField = ColumnsWith<{ export: string }>;

export const EXPORT_FIELDS = columnsWhere((spec) => spec.export) as ExportField[];
export const DEFAULT_EXPORT_FIELDS = columnsWhere((spec) => spec.exportDefault) as ExportField[];

/** The screen's groups, each in the registry's order. */
export const EXPORT_FIELD_GROUPS = Object.fromEntries(
  EXPORT_GROUPS.map((group) => [group, columnsWhere((spec) => spec.export === group)]),
) as Record<ExportGroup, ExportField[]>;
