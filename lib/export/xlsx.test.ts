import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { escapeXml, writeXlsx, type Cell, type XlsxColumn } from "./xlsx";

async function written(columns: XlsxColumn[], rows: Cell[][], maxRowsPerSheet = 1_048_575, batch = 1000) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  async function* batches() {
    for (let i = 0; i < rows.length; i += batch) yield rows.slice(i, i + batch);
  }
  await writeXlsx(out, columns, batches(), {
    cells: (row) => row,
    sheetName: (n) => (n === 1 ? "Sheet" : `Sheet (${n})`),
    maxRowsPerSheet,
  });
  const bytes = Buffer.concat(chunks);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return { bytes, workbook };
}

const values = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));

describe("the streaming .xlsx writer", () => {
  it("writes text, numbers and dates with their columns' formats, readable by another library", async () => {
    const columns: XlsxColumn[] = [
      { header: "Name <&>", width: 14, numFmt: "@" },
      { header: "Price", width: 12, numFmt: '#,##0.00 "€"' },
      { header: "Day", width: 12, numFmt: "dd/mm/yyyy" },
      { header: "Plain", width: 12 },
    ];
    const { workbook } = await written(columns, [
      ["  spaced & <tagged> \"quoted\" 'single'", 1234.5, new Date("2026-03-15T00:00:00Z"), null],
      ["=1+1", 0.1, new Date("2026-03-15T09:30:00Z"), "x"],
      ["bell\u0007 gone", null, null, "€ñç"],
    ]);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Sheet");
    expect(values(sheet)).toEqual([
      ["Name <&>", "Price", "Day", "Plain"],
      ["  spaced & <tagged> \"quoted\" 'single'", 1234.5, new Date("2026-03-15T00:00:00Z")],
      ["=1+1", 0.1, new Date("2026-03-15T09:30:00Z"), "x"],
      ["bell gone", undefined, undefined, "€ñç"],
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('#,##0.00 "€"');
    expect(sheet.getRow(3).getCell(3).numFmt).toBe("dd/mm/yyyy");
    // An empty cell still has its column's format (typing into it later keeps text as text).
    expect(sheet.getRow(4).getCell(2).numFmt).toBe('#,##0.00 "€"');
    expect(sheet.getRow(2).getCell(1).numFmt).toBe("@");
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getColumn(1).width).toBe(14);
  });

  it("names columns past Z as a spreadsheet does", async () => {
    const columns = Array.from({ length: 30 }, (_, i) => ({ header: `H${i}`, width: 10 }));
    const { bytes, workbook } = await written(columns, [Array.from({ length: 30 }, (_, i) => i)]);
    expect(values(workbook.worksheets[0])[1]).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const xml = await (await JSZip.loadAsync(bytes)).file("xl/worksheets/sheet1.xml")!.async("string");
    expect(xml).toContain('r="Z2"');
    expect(xml).toContain('r="AD2"');
  });

  it("splits rows over sheets, with the header on each, and adds no empty sheet when the rows fill the last one", async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [`row ${i}`]);
    const { workbook } = await written([{ header: "Row", width: 10 }], rows, 400, 333);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Sheet", "Sheet (2)", "Sheet (3)"]);
    for (const [n, sheet] of workbook.worksheets.entries()) {
      const read = values(sheet);
      expect(read[0]).toEqual(["Row"]);
      expect(read.slice(1).map((r) => r[0])).toEqual(rows.slice(n * 400, n * 400 + 400).map((r) => r[0]));
    }
  });

  it("is a valid zip whose every part is what its name says", async () => {
    const { bytes } = await written([{ header: "A", width: 10 }], [["one"], ["two"]]);
    const zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
    expect(Object.keys(zip.files).sort()).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/_rels/workbook.xml.rels",
      "xl/styles.xml",
      "xl/workbook.xml",
      "xl/worksheets/sheet1.xml",
    ]);
    for (const name of Object.keys(zip.files)) {
      expect(await zip.file(name)!.async("string"), name).toMatch(/^<\?xml version="1.0" encoding="UTF-8"/);
    }
  });

  it("stops when the download is dropped", async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced++;
        yield Array.from({ length: 100 }, (_, i) => [`text ${Math.random()} ${i}`]);
      }
    }
    const writing = writeXlsx(out, [{ header: "A", width: 10 }], endless(), {
      cells: (row) => row,
      sheetName: () => "S",
      maxRowsPerSheet: 1_000_000,
    });
    setTimeout(() => out.destroy(), 50);
    await expect(writing).rejects.toThrow();
    const stopped = produced;
    await new Promise((r) => setTimeout(r, 50));
    expect(produced).toBe(stopped);
    expect(produced).toBeLessThan(10_000);
  });

  it("escapes XML's special characters and drops what XML cannot hold", () => {
    expect(escapeXml("a<b>&\"'")).toBe("a&lt;b&gt;&amp;&quot;&apos;");
    expect(escapeXml("tab\tnew\nline\u0000\u001f")).toBe("tab\tnew\nline");
    expect(escapeXml("plain")).toBe("plain");
  });
});
