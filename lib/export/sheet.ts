import { PassThrough } from "node:stream";
import { webStreamOf } from "@/lib/http/web-stream";
import { writeXlsx, type Cell, type XlsxColumn } from "./xlsx";

/** A small report (a few thousand rows at most) as one .xlsx sheet, streamed as it is written. */
export function sheetFile(columns: XlsxColumn[], rows: Cell[][], sheetName: string): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  void writeXlsx(
    output,
    columns,
    (async function* () {
      yield rows;
    })(),
    { cells: (row) => row, sheetName: () => sheetName, maxRowsPerSheet: 1_048_575 },
  ).catch((error: unknown) => output.destroy(error as Error));
  return webStreamOf(output);
}

/** The answer that hands a file over: `name` as its download name. */
export function xlsxResponse(name: string, body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
