import { PrismaPg } from "@prisma/adapter-pg";
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
const globalForDb = globalThis as unknown as { prisma?: PrismaClient; prismaPools?: WeakMap<PrismaClient, pg.Pool> };
const pools = (globalForDb.prismaPools ??= new WeakMap());

export function createDb(databaseUrl: string, poolMax: number): PrismaClient {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax, connectionTimeoutMillis: 5_000 });
  // An idle connection the server dropped must not crash the process; the
  // next query gets a fresh one (or a clear "database unavailable").
  pool.on("error", () => {});
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  // Transactions queue for a connection (and, on the embedded database, for
  // their turn): allow them longer than Prisma's 2 s default before giving up.
  const client = new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
  pools.set(client, pool);
  return client;
}

export function db(): PrismaClient {
  globalForDb.prisma ??= createDb(env().DATABASE_URL, env().DB_POOL_MAX);
  return globalForDb.prisma;
}

/**
 * The rows of one SQL statement, read with `pg` directly on the client's pool.
 * For the hottest reads (the session check, list pages, counts, detail):
 * Prisma's query interpreter and result mapping cost more than the query
 * itself there (measured in docs/scale.md). `pg`'s types: timestamps and
 * dates as Date, numeric and bigint as strings, enums as strings. Given a client without a
 * pool of ours (a transaction), it goes through Prisma's raw query instead,
 * which returns numeric as Decimal; callers accept both.
 */
const DATE_OID = 1082;
// A `date` column is a calendar day: UTC midnight, as Prisma reads it (pg's
// default would be local midnight, a different instant off UTC).
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === DATE_OID ? (value: string) => new Date(`${value}T00:00:00Z`) : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

export async function rows<T>(client: PrismaClient, query: Prisma.Sql): Promise<T[]> {
  const pool = pools.get(client);
  if (!pool) return client.$queryRawUnsafe<T[]>(query.text, ...query.values);
  const result = await pool.query({ text: query.text, values: query.values as unknown[], types });
  return result.rows as T[];
}

/** Closes this process's pool (graceful shutdown); the next db() call opens a new one. */
export async function closeDb(): Promise<void> {
  const client = globalForDb.prisma;
  globalForDb.prisma = undefined;
  await client?.$disconnect();
}
