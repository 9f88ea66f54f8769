import pg from "pg";

// How rows read through `pg` type their values (rows() in ./index.ts, and the
// export's thread): timestamps and dates as ISO 8601 strings in UTC, the rest
// as pg reads them. Sessions run in UTC (createDb sets it).

const DATE_OID = 1082;
const TIMESTAMPTZ_OID = 1184;
/** A timestamptz's text with the session in UTC: `2026-11-21 19:00:00.123456+00`, 0 to 6 decimals. */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as its ISO 8601 string in UTC, the form the API answers in,
 * made from Postgres' text without a Date in between (reading and printing
 * Dates cost a list request more than the house allows, docs/performance.md).
 * Anything else (another zone, a year past 9999, BC) goes through pg's parser.
 */
export function isoFromTimestamptz(text: string): string {
  const match = UTC_TEXT.exec(text);
  if (!match) return (pg.types.getTypeParser(TIMESTAMPTZ_OID, "text")(text) as Date).toISOString();
  return `${match[1]}T${match[2]}.${((match[3] ?? "") + "000").slice(0, 3)}Z`;
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

/**
 * A session's settings: times in UTC; statements cut off after
 * `statementTimeoutMs` (0: never); and no parallel workers: a request reads
 * one shop's page, where starting workers costs more than they save (a name
 * search took longer with them: docs/performance.md) and takes the
 * cores the other requests need.
 */
export const sessionOptions = (statementTimeoutMs: number) =>
  `-c TimeZone=UTC -c statement_timeout=${Math.max(0, Math.floor(statementTimeoutMs))} -c max_parallel_workers_per_gather=0`;
