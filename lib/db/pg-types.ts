import pg from "pg";

// How rows read through `pg` type their values (rows() in ./index.ts, and the
// export's thread): timestamps and dates as ISO 8601 strings in UTC, the rest
// as pg reads them. Sessions run in UTC (createDb sets it).

const DATE_OID = 1082;
const TIMESTAMPTZ_OID = 1184;
const PLUS = 43;
const SPACE = 32;
const DOT = 46;
const ZERO = 48;

/**
 * A timestamptz as its ISO 8601 string in UTC, the form the API answers in,
 * made from Postgres' text without a Date in between (reading and printing
 * Dates was a tenth of a list request). With the session in UTC the text is
 * `2026-11-21 19:00:00.123456+00`, with 0 to 6 decimals: it is cut and joined
 * by position (a regular expression's match cost a list page noticeably more).
 * Anything else (another zone, a year past 9999, BC) goes through pg's parser.
 */
export function isoFromTimestamptz(text: string): string {
  const n = text.length;
  const decimals = n - 23; // after "YYYY-MM-DD HH:MM:SS." and before "+00"
  const utc =
    text.charCodeAt(10) === SPACE &&
    text.charCodeAt(n - 3) === PLUS &&
    text.charCodeAt(n - 2) === ZERO &&
    text.charCodeAt(n - 1) === ZERO &&
    (n === 22 || (decimals >= 1 && decimals <= 6 && text.charCodeAt(19) === DOT));
  if (!utc) return (pg.types.getTypeParser(TIMESTAMPTZ_OID, "text")(text) as Date).toISOString();
  const millis = n === 22 ? "000" : decimals >= 3 ? text.slice(20, 23) : (text.slice(20, n - 3) + "00").slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${millis}Z`;
}

// A `date` column is a calendar day: UTC midnight, as Prisma reads it (pg's
// default would be local midnight, a different instant off UTC).
export const pgTypes = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === DATE_OID) return (value: string) => `${value}T00:00:00.000Z`;
    if (oid === TIMESTAMPTZ_OID) return isoFromTimestamptz;
    return pg.types.getTypeParser(oid, format as "text");
  }) as typeof pg.types.getTypeParser,
};

/** A session's settings: times in UTC, and statements cut off after `statementTimeoutMs` (0: never). */
export const sessionOptions = (statementTimeoutMs: number) =>
  `-c TimeZone=UTC -c statement_timeout=${Math.max(0, Math.floor(statementTimeoutMs))}`;
