// Deadlines are calendar dates. Accepted as YYYY-MM-DD (optionally with a time
// part, as the edit form sends the part before T) or DD/MM/YYYY; real dates only.

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/;
const EUROPEAN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export function parseDeadline(text: string): Date | null {
  const iso = ISO.exec(text);
  const european = EUROPEAN.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : european
      ? [Number(european[3]), Number(european[2]), Number(european[1])]
      : [NaN, NaN, NaN];
  if (!Number.isInteger(year) || year < 1900 || year > 2999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : null;
}

/** DD/MM/YYYY, as the screens show dates. */
export function formatDate(date: Date | string): string {
  const d = typeof date === "string" ? new Date(date) : date;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/**
 * A date field's text as the user types or pastes: phones' numeric keyboards
 * have no "/", so digits get their slashes as they come (05122026 reads
 * 05/12/2026), and a pasted 5/12/2026 (or 5.12.2026, 5-12-2026) gets its
 * zeros. Only DD/MM/YYYY comes out.
 */
export function maskDate(text: string): string {
  // Written with separators (typed key by key, or pasted): a day or month of
  // one digit closed by its separator is read as people write it, 5/ as 05/.
  const parts = text.trim().split(/[/.-]/);
  const last = parts.length - 1;
  if (
    last > 0 &&
    last < 3 &&
    parts.every((p, i) => /^\d*$/.test(p) && p.length <= (i < 2 ? 2 : 4) && (p || i === last))
  )
    return parts.map((p, i) => (i < last && p.length === 1 ? `0${p}` : p)).join("/");
  const digits = text.replace(/\D/g, "").slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** A deadline the form accepts: DD/MM/YYYY and a real date only. */
export const isDayText = (text: string) => /^\d{2}\/\d{2}\/\d{4}$/.test(text) && parseDeadline(text) !== null;
