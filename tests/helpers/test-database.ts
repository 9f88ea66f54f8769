import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrate";
import { onServer, quoteIdent, serverUrl } from "@/lib/db/admin";

export type TestDatabase = { url: string; drop: () => Promise<void> };

/** A new, migrated, empty database on the test server (or an embedded one). */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_MODE === "server") {
    const admin = process.env.TEST_DB_ADMIN_URL!;
    const name = `${process.env.TEST_DB_RUN}_${randomBytes(4).toString("hex")}`;
    await onServer(admin, (c) =>
      c.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(process.env.TEST_DB_TEMPLATE!)}`),
    );
    return {
      url: serverUrl(admin, name),
      drop: () =>
        onServer(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)).then(() => {}),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "rd-test-db-"));
  const embedded = await startEmbeddedPostgres({ dataDir: dir });
  await applyMigrations(embedded.url);
  return {
    url: embedded.url,
    drop: async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Points this test file's app code (lib/db/index.ts reads DATABASE_URL on first use)
 * at a database of its own, so files never see each other's rows.
 */
export function withTestDatabase(): { url: () => string } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    process.env.DATABASE_URL = database.url;
  });
  afterAll(async () => {
    const { db } = await import("@/lib/db");
    if (process.env.DATABASE_URL === database?.url) await db().$disconnect();
    await database?.drop();
  });
  return { url: () => database!.url };
}
