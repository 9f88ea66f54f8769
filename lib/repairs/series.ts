/** A number of a shop's series: `R`, 26/11/2026 and 7 make `R-26112026-00007` (lib/repairs/numbering.ts). */
export function seriesNumber(prefix: string, day: string, count: number): string {
  return `${prefix}-${day.replaceAll("/", "")}-${String(count).padStart(5, "0")}`;
}

/** Text shaped like a number of a series (any prefix, any day), as typed or scanned. */
export const isSeriesNumber = (text: string) => /^[A-Za-z0-9]{1,10}-\d{8}-\d{5,8}$/.test(text.trim());
