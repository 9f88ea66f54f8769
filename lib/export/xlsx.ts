import type { Writable } from "node:stream";
import { ZipWriter } from "./zip";

// A streaming .xlsx (SpreadsheetML) writer for one table: a bold header row,
// then rows of text, numbers and dates, each column with its number format.
// Rows are turned into XML as plain strings, a few hundred at a time, and
// deflated as they come, so memory stays flat. The server runs it on a thread
// of its own (./thread.ts), never on the event loop that answers requests.
// Text is always an inline string cell, never a formula (no <f> is written).

export type Cell = string | number | Date | null;
export type XlsxColumn = { header: string; width: number; numFmt?: string };

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Excel's own id for the Text format "@"; custom formats are numbered from 164. */
const BUILT_IN_FORMATS: Record<string, number> = { "@": 49 };
/**
 * Rows turned into XML and deflated at a time, a piece short enough that an
 * export's thread gives way to requests often.
 */
const PIECE_ROWS = 100;
/** Days from Excel's day zero (1899-12-30) to 1970-01-01. */
const EPOCH_DAYS = 25569;

// Characters XML 1.0 cannot hold are left out; the five special ones escaped.
const SPECIAL = /[<>&"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const SPECIAL_ALL = new RegExp(SPECIAL.source, "g");
const ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" };
export const escapeXml = (text: string) =>
  SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ENTITIES[c] ?? "") : text;

/** "A", "B", … "Z", "AA", …: a column's letters from its index (0-based). */
function letters(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The styles part: style 0 plain, 1 the bold header, then one per column format. */
function stylesOf(columns: XlsxColumn[]) {
  const formats = [...new Set(columns.flatMap((c) => (c.numFmt ? [c.numFmt] : [])))];
  const custom = formats.filter((f) => !(f in BUILT_IN_FORMATS));
  const formatId = (f: string) => BUILT_IN_FORMATS[f] ?? 164 + custom.indexOf(f);
  const styleOf = (c: XlsxColumn) => (c.numFmt ? 2 + formats.indexOf(c.numFmt) : 0);
  const xml =
    `${XML}<styleSheet xmlns="${MAIN}">` +
    (custom.length
      ? `<numFmts count="${custom.length}">${custom.map((f) => `<numFmt numFmtId="${formatId(f)}" formatCode="${escapeXml(f)}"/>`).join("")}</numFmts>`
      : "") +
    `<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
    `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
    `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
    `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
    `<cellXfs count="${2 + formats.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
    formats
      .map((f) => `<xf numFmtId="${formatId(f)}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`)
      .join("") +
    `</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
  return { xml, styleOf };
}

/**
 * Writes `rows` as an .xlsx to `out` (then ends it): the header on every
 * sheet, at most `maxRowsPerSheet` rows each, sheets named by `sheetName`.
 */
export async function writeXlsx<Row>(
  out: Writable,
  columns: XlsxColumn[],
  rows: AsyncIterable<Row[]>,
  options: {
    /** A row's cells, one per column (made with its piece's XML). */
    cells: (row: Row) => Cell[];
    sheetName: (n: number) => string;
    maxRowsPerSheet: number;
    level?: number;
    /** Called before each piece of rows is made (an export's thread gives way to requests there). */
    beforePiece?: () => void;
  },
): Promise<void> {
  const zip = new ZipWriter(out, options.level);
  const { xml: styles, styleOf } = stylesOf(columns);
  const refs = columns.map((_, i) => letters(i));
  // Each column's cell opening, up to the row number: `<c s="2" r="B`.
  const opening = columns.map((c, i) => `<c s="${styleOf(c)}" r="${refs[i]}`);
  const header =
    `<row r="1">` +
    columns
      .map((c, i) => `<c r="${refs[i]}1" s="1" t="inlineStr"><is><t>${escapeXml(c.header)}</t></is></c>`)
      .join("") +
    `</row>`;
  const sheetStart =
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    // The header row stays in view while scrolling.
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/><cols>` +
    columns
      .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1" style="${styleOf(c)}"/>`)
      .join("") +
    `</cols><sheetData>${header}`;

  const rowXml = (cells: Cell[], r: number) => {
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) {
      const value = cells[i];
      if (value === null || value === undefined) continue;
      if (typeof value === "string") {
        const text = escapeXml(value);
        const space = text !== text.trim() ? ' xml:space="preserve"' : "";
        xml += `${opening[i]}${r}" t="inlineStr"><is><t${space}>${text}</t></is></c>`;
      } else {
        const number = typeof value === "number" ? value : value.getTime() / 86_400_000 + EPOCH_DAYS;
        if (Number.isFinite(number)) xml += `${opening[i]}${r}"><v>${number}</v></c>`;
      }
    }
    return `${xml}</row>`;
  };

  const source = rows[Symbol.asyncIterator]();
  let pending: Row[] = [];
  let ended = false;
  let sheets = 0;
  // One sheet's XML: its rows until the sheet is full or the rows end.
  async function* sheet(): AsyncGenerator<string> {
    yield sheetStart;
    let r = 1;
    while (r <= options.maxRowsPerSheet) {
      if (pending.length === 0) {
        const next = await source.next();
        if (next.done) {
          ended = true;
          break;
        }
        pending = next.value;
      }
      options.beforePiece?.();
      const batch = pending;
      const taken = Math.min(batch.length, options.maxRowsPerSheet + 1 - r, PIECE_ROWS);
      let xml = "";
      for (let i = 0; i < taken; i++) xml += rowXml(options.cells(batch[i]), ++r);
      pending = batch.slice(taken);
      yield xml;
    }
    if (!ended && pending.length === 0) {
      // The sheet is full: is there anything for another?
      const next = await source.next();
      if (next.done) ended = true;
      else pending = next.value;
    }
    yield `</sheetData></worksheet>`;
  }
  try {
    do {
      sheets++;
      await zip.add(`xl/worksheets/sheet${sheets}.xml`, sheet());
    } while (!ended);
  } finally {
    // Stopped early (the download dropped): the rows' source stops reading too.
    if (!ended) await source.return?.();
  }

  const names = Array.from({ length: sheets }, (_, i) => escapeXml(options.sheetName(i + 1)));
  await zip.add("xl/styles.xml", [styles]);
  await zip.add("xl/workbook.xml", [
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><bookViews><workbookView/></bookViews><sheets>` +
      names.map((name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("") +
      `</sheets></workbook>`,
  ]);
  await zip.add("xl/_rels/workbook.xml.rels", [
    `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      names
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join("") +
      `<Relationship Id="rId${sheets + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
  ]);
  await zip.add("_rels/.rels", [
    `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ]);
  await zip.add("[Content_Types].xml", [
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
      names
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join("") +
      `</Types>`,
  ]);
  await zip.finish();
}
