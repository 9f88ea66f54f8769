/** A number of a shop's series: `R`, 26/11/2026 and 7 make `R-26112026-00007` (lib/repairs/numbering.ts). */
export function seriesNumber(prefix: string, day: string, count: number): string {
  return `${prefix}-${day.replaceAll("/", "")}-${String(count).padStart(5, "0")}`;
}
