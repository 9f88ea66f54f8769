import { randomBytes } from "node:crypto";
import { applyMigrations } from "@/lib/db/migrate";
import { onServer, quoteIdent, serverUrl } from "@/lib/db/admin";

// API tests run against a real Postgres: the server of DATABASE_URL when set
// (each test file gets its own database, copied from a migrated template), or
// else an embedded PGlite per test file (tests/helpers/test-database.ts).
export default async function setup() {
  const base = process.env.DATABASE_URL;
  if (!base) {
    process.env.TEST_DB_MODE = "embedded";
    return;
  }
  const run = `rd_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const template = `${run}_template`;
  const admin = serverUrl(base, "postgres");
  await onServer(admin, (c) => c.query(`CREATE DATABASE ${quoteIdent(template)}`));
  await applyMigrations(serverUrl(base, template));
  process.env.TEST_DB_MODE = "server";
  process.env.TEST_DB_ADMIN_URL = admin;
  process.env.TEST_DB_TEMPLATE = template;
  process.env.TEST_DB_RUN = run;

  return async () => {
    await onServer(admin, async (c) => {
      const { rows } = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
        `${run}%`,
      ]);
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
    });
  };
}
