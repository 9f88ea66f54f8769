import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { columnsWhere, CONDITION_CODES } from "@/lib/repairs/fields";
import { LIST_COLUMNS } from "@/lib/repairs/serialize";

// docs/api.md names the repair's fields as the registry (lib/repairs/fields.ts)
// declares them: a field added there and left out of the docs fails here.

const doc = readFileSync("docs/api.md", "utf8");
const names = (text: string) => [...text.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]);

describe("docs/api.md and the field registry", () => {
  it("lists the list's row fields, in the list's order", () => {
    const row = doc.split("\n").find((line) => line.startsWith("| `GET /repairs` |"))!;
    const brief = row.slice(row.indexOf("each in brief:"), row.indexOf("(what the list shows"));
    expect(names(brief)).toEqual(LIST_COLUMNS);
  });

  it("names every field a repair's POST and PUT take", () => {
    const named = new Set(names(doc));
    expect(columnsWhere((spec) => spec.input).filter((column) => !named.has(column))).toEqual([]);
  });

  it("lists the condition codes", () => {
    const paragraph = doc.slice(doc.indexOf("`condition` (a list of codes:"), doc.indexOf("`condition_notes`"));
    expect(names(paragraph).slice(1).sort()).toEqual([...CONDITION_CODES].sort());
  });
});
