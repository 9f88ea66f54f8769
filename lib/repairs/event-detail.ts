// How a history entry's detail is written (repair_events.detail, and the
// history's `detail` in the API, docs/api.md): its parts joined by ":", the
// last of them free text that may hold ":" itself (a void's reason, a
// signer's name). Written and read only here; the history's SQL writes a
// notice's the same way (lib/repairs/history.ts).

/** A detail of these parts: "payment:90.50:card", "intake:Ana". */
export const eventDetail = (...parts: (string | number)[]): string => parts.join(":");

/** A detail's `count` parts, the last one whole; missing parts are empty. */
export function eventParts(detail: string | null, count: number): string[] {
  const parts = (detail ?? "").split(":");
  const head = parts.slice(0, count - 1);
  return [...head, ...Array(count - 1 - head.length).fill(""), parts.slice(count - 1).join(":")];
}
