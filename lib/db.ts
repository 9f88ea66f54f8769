import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

// The only place a Prisma client is made. One per process: Next's dev server
// reloads modules, so the instance is kept on globalThis.
const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

export function createDb(databaseUrl: string, poolMax: number): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: poolMax,
    connectionTimeoutMillis: 5_000,
  });
  // Transactions queue for a connection (and, on the embedded database, for
  // their turn): allow them longer than Prisma's 2 s default before giving up.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
}

export function db(): PrismaClient {
  globalForDb.prisma ??= createDb(env().DATABASE_URL, env().DB_POOL_MAX);
  return globalForDb.prisma;
}

/** Closes this process's pool (graceful shutdown); the next db() call opens a new one. */
export async function closeDb(): Promise<void> {
  const client = globalForDb.prisma;
  globalForDb.prisma = undefined;
  await client?.$disconnect();
}
