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
  return new PrismaClient({ adapter });
}

export function db(): PrismaClient {
  globalForDb.prisma ??= createDb(env().DATABASE_URL, env().DB_POOL_MAX);
  return globalForDb.prisma;
}
