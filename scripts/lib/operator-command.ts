import { createDb } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { openDatabase } from "@/lib/runtime/database";
import { commandConfig } from "./config";

/**
 * Runs an operator's account command (account:unlock, account:reset-password,
 * account:make-owner) on the database `npm start` would use, migrated first,
 * over one connection that is closed after it.
 */
export async function onOperatorDatabase<T>(work: (client: PrismaClient) => Promise<T>): Promise<T> {
  const database = await openDatabase(commandConfig());
  const client = createDb(database.url, 1);
  try {
    await applyMigrations(database.url);
    return await work(client);
  } finally {
    await client.$disconnect();
    await database.close();
  }
}
