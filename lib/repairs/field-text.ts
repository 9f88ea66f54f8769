import { fieldSpec, type RepairColumn } from "./fields";
import { valueText, type FieldWriters } from "./value-text";

// A field that shows by itself (lib/repairs/fields.ts `show`), as text, by
// its declaration (./value-text.ts).

export function fieldText(column: RepairColumn, value: unknown, write: FieldWriters): string | null {
  return valueText(fieldSpec(column), value, write);
}
