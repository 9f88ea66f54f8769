import { PrismaPg } from "@prisma/adapter-pg";
import { createHash } from "node:crypto";
import pg from "pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { pgTypes, sessionOptions } from "./pg-types";
import { processWide } from "@/lib/process-wide";

export { isoFromTimestamptz } from "@/lib/db/pg-types";

// The only place a Prisma client and its pool are made. One per process:
// Next's dev server reloads modules, so the instance is kept process-wide
// (lib/process-wide.ts).
//
// Prisma and the few hot reads that skip it (see `rows`) share one `pg` pool,
// so the pool size is the whole process's connection budget.
// The pools map is there too: the bundler may give each route its own copy of
// this module, and rows() must find the pool of a client any copy made.
const globalForDb = processWide<{ prisma?: PrismaClient }>("db", () => ({}));
const pools = processWide("dbPools", () => new WeakMap<PrismaClient, Pool>());

/** A client's pool, and whether it may use named statements (asked of the server once). */
type Pool = { pool: pg.Pool; prepared?: Promise<boolean> };

/** The longest a transaction may run before Prisma rolls it back. */
export const TRANSACTION_TIMEOUT_MS = 15_000;

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
    options: sessionOptions(statementTimeoutMs),
  });
  // An idle connection the server dropped must not crash the process; the
  // next query gets a fresh one (or a clear "database unavailable").
  pool.on("error", () => {});
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  // Transactions queue for a connection (and, on the embedded database, for
  // their turn): allow them longer than Prisma's 2 s default before giving up.
  const client = new PrismaClient({
    adapter,
    transactionOptions: { maxWait: 10_000, timeout: TRANSACTION_TIMEOUT_MS },
  });
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

/**
 * The rows of one SQL statement, read with `pg` directly on the client's pool.
 * For the hottest reads (the session check, list pages, counts, detail):
 * Prisma's query interpreter and result mapping cost more than the query
 * itself there. Types: timestamps and dates as
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
  const result = await own.pool.query({ name, text: query.text, values: query.values as unknown[], types: pgTypes });
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

/**
 * Where a client's pool connects, with its sessions' settings: for a thread
 * that opens a connection of its own (the export's). None for a client
 * without a pool of ours (a transaction).
 */
export function connectionOf(client: PrismaClient): { connectionString: string; options: string } | null {
  const own = pools.get(client);
  const { connectionString, options } = (own?.pool.options ?? {}) as pg.PoolConfig;
  return connectionString ? { connectionString, options: options ?? "" } : null;
}
