import { PrismaPg } from "@prisma/adapter-pg";
import { createHash } from "node:crypto";
import pg from "pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

// The only place a Prisma client and its pool are made. One per process:
// Next's dev server reloads modules, so the instance is kept on globalThis.
//
// Prisma and the few hot reads that skip it (see `rows`) share one `pg` pool,
// so the pool size is the whole process's connection budget.
// The pools map is there too: the bundler may give each route its own copy of
// this module, and rows() must find the pool of a client any copy made.
const globalForDb = globalThis as unknown as { prisma?: PrismaClient; prismaPools?: WeakMap<PrismaClient, Pool> };
const pools = (globalForDb.prismaPools ??= new WeakMap());

/** A client's pool, and whether it may use named statements (asked of the server once). */
type Pool = { pool: pg.Pool; prepared?: Promise<boolean> };

/**
 * `statementTimeoutMs`: the server cancels any statement running longer (the
 * app's requests: a list or search that would cost seconds answers "narrow
 * your search" instead of holding a connection). Scripts that load data pass none.
 */
export function createDb(databaseUrl: string, poolMax: number, statementTimeoutMs = 0): PrismaClient {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolMax,
    connectionTimeoutMillis: 5_000,
    // Sessions in UTC: timestamps come back as "…+00" whatever the server's
    // TimeZone, which isoFromTimestamptz reads without a Date.
    options: `-c TimeZone=UTC -c statement_timeout=${Math.max(0, Math.floor(statementTimeoutMs))}`,
  });
  // An idle connection the server dropped must not crash the process; the
  // next query gets a fresh one (or a clear "database unavailable").
  pool.on("error", () => {});
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  // Transactions queue for a connection (and, on the embedded database, for
  // their turn): allow them longer than Prisma's 2 s default before giving up.
  const client = new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
  pools.set(client, { pool });
  return client;
}

export function db(): PrismaClient {
  globalForDb.prisma ??= createDb(env().DATABASE_URL, env().DB_POOL_MAX, env().DB_STATEMENT_TIMEOUT_MS);
  return globalForDb.prisma;
}

// A statement prepared under a name is parsed and planned once per
// connection, then only bound and run: Postgres' planning took longer than
// running a list page. The name is the text's hash, so one name is always
// one text; the texts are a few hundred shapes at most (values are bound).
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `rd_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    if (statementNames.size < 2_000) statementNames.set(text, name);
  }
  return name;
}

/**
 * Named statements suit a database server, not the embedded PGlite: it is one
 * session shared by every connection, where two connections preparing the
 * same name collide ("prepared statement already exists").
 */
function namedStatements(own: Pool): Promise<boolean> {
  own.prepared ??= own.pool.query<{ version: string }>("SELECT version()").then(
    ({ rows }) => !/PGlite/i.test(rows[0].version),
    (error: unknown) => {
      own.prepared = undefined; // asked again once the database answers
      throw error;
    },
  );
  return own.prepared;
}

const DATE_OID = 1082;
const TIMESTAMPTZ_OID = 1184;
// Postgres' text for a timestamptz with the session in UTC (createDb sets it).
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as its ISO 8601 string in UTC, the form the API answers in,
 * made from Postgres' text without a Date in between (reading and printing
 * Dates was a tenth of a list request). Anything unusual goes through pg's
 * own parser.
 */
export function isoFromTimestamptz(text: string): string {
  const match = UTC_TIMESTAMP.exec(text);
  if (!match) return (pg.types.getTypeParser(TIMESTAMPTZ_OID, "text")(text) as Date).toISOString();
  return `${match[1]}T${match[2]}.${(match[3] ?? "").padEnd(3, "0").slice(0, 3)}Z`;
}

// A `date` column is a calendar day: UTC midnight, as Prisma reads it (pg's
// default would be local midnight, a different instant off UTC).
const types = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === DATE_OID) return (value: string) => `${value}T00:00:00.000Z`;
    if (oid === TIMESTAMPTZ_OID) return isoFromTimestamptz;
    return pg.types.getTypeParser(oid, format as "text");
  }) as typeof pg.types.getTypeParser,
};

/**
 * The rows of one SQL statement, read with `pg` directly on the client's pool.
 * For the hottest reads (the session check, list pages, counts, detail):
 * Prisma's query interpreter and result mapping cost more than the query
 * itself there (measured in docs/scale.md). Types: timestamps and dates as
 * ISO 8601 strings in UTC, numeric and bigint as strings, enums as strings.
 * Given a client without a pool of ours (a transaction), it goes through
 * Prisma's raw query instead, which returns Dates and Decimals; callers
 * accept both.
 *
 * `prepare: false` for a statement whose best plan depends on its values (a
 * search pattern): a prepared statement may settle on one generic plan.
 */
export async function rows<T>(
  client: PrismaClient,
  query: Prisma.Sql,
  options: { prepare?: boolean } = {},
): Promise<T[]> {
  const own = pools.get(client);
  if (!own) return client.$queryRawUnsafe<T[]>(query.text, ...query.values);
  const name = options.prepare !== false && (await namedStatements(own)) ? statementName(query.text) : undefined;
  const result = await own.pool.query({ name, text: query.text, values: query.values as unknown[], types });
  return result.rows as T[];
}

/**
 * Whether the client's database is the embedded PGlite: one backend that
 * serves every connection a statement at a time, where long work must come
 * in small pieces. Asked once per pool; a client without one (a transaction)
 * is taken for a server.
 */
export async function isEmbedded(client: PrismaClient): Promise<boolean> {
  const own = pools.get(client);
  return own ? !(await namedStatements(own)) : false;
}

/** Closes this process's pool (graceful shutdown); the next db() call opens a new one. */
export async function closeDb(): Promise<void> {
  const client = globalForDb.prisma;
  globalForDb.prisma = undefined;
  await client?.$disconnect();
}
