import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { applyMigrations, MIGRATIONS_DIR, readMigrations } from "@/lib/db/migrate";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { onServer } from "@/lib/db/admin";
import { tempDir } from "../helpers/temp-dir";

// A fresh, unmigrated database: the helper's databases come migrated, so empty one out.
async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await onServer(database.url, async (c) => {
    await c.query("DROP SCHEMA public CASCADE");
    await c.query("CREATE SCHEMA public");
  });
  return database;
}

const databases: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(databases.splice(0).map((d) => d.drop()));
});

async function fresh() {
  const database = await emptyDatabase();
  databases.push(database);
  return database.url;
}

describe("applyMigrations", () => {
  it("applies every migration once and records them as prisma migrate deploy does", async () => {
    const url = await fresh();
    const names = (await readMigrations()).map((m) => m.name);
    expect(await applyMigrations(url)).toEqual({ applied: names, alreadyApplied: 0 });
    expect(await applyMigrations(url)).toEqual({ applied: [], alreadyApplied: names.length });

    await onServer(url, async (c) => {
      const { rows: columns } = await c.query(
        `SELECT column_name, data_type, character_maximum_length AS len, is_nullable
           FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY column_name`,
      );
      expect(columns).toEqual([
        { column_name: "applied_steps_count", data_type: "integer", len: null, is_nullable: "NO" },
        { column_name: "checksum", data_type: "character varying", len: 64, is_nullable: "NO" },
        { column_name: "finished_at", data_type: "timestamp with time zone", len: null, is_nullable: "YES" },
        { column_name: "id", data_type: "character varying", len: 36, is_nullable: "NO" },
        { column_name: "logs", data_type: "text", len: null, is_nullable: "YES" },
        { column_name: "migration_name", data_type: "character varying", len: 255, is_nullable: "NO" },
        { column_name: "rolled_back_at", data_type: "timestamp with time zone", len: null, is_nullable: "YES" },
        { column_name: "started_at", data_type: "timestamp with time zone", len: null, is_nullable: "NO" },
      ]);
      const { rows } = await c.query(
        `SELECT migration_name, checksum, applied_steps_count, finished_at IS NOT NULL AS finished FROM "_prisma_migrations"`,
      );
      const first = names[0];
      const bytes = readFileSync(path.join(MIGRATIONS_DIR, first, "migration.sql"));
      expect(rows).toContainEqual({
        migration_name: first,
        checksum: createHash("sha256").update(bytes).digest("hex"),
        applied_steps_count: 1,
        finished: true,
      });
    });
  });

  it("runs concurrent starts one at a time: each migration is applied exactly once", async () => {
    const url = await fresh();
    const results = await Promise.all([applyMigrations(url), applyMigrations(url), applyMigrations(url)]);
    const appliedCounts = results.map((r) => r.applied.length).sort();
    const total = (await readMigrations()).length;
    expect(appliedCounts).toEqual([0, 0, total]);
    const { rows } = await onServer(url, (c) => c.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`));
    expect(rows[0].n).toBe(total);
  });

  it("rolls a failing migration back whole, records nothing, and says which one failed", async () => {
    const url = await fresh();
    const dir = tempDir("rd-migrations-");
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    mkdirSync(path.join(dir, "29990101000000_broken"));
    writeFileSync(
      path.join(dir, "29990101000000_broken", "migration.sql"),
      `CREATE TABLE "half_done" (id int);\nALTER TABLE "no_such_table" ADD COLUMN x int;`,
    );
    await expect(applyMigrations(url, { dir })).rejects.toThrow(/29990101000000_broken failed/);
    await onServer(url, async (c) => {
      const half = await c.query(`SELECT to_regclass('public.half_done') AS t`);
      expect(half.rows[0].t).toBeNull();
      const recorded = await c.query(
        `SELECT migration_name FROM "_prisma_migrations" WHERE migration_name LIKE '2999%'`,
      );
      expect(recorded.rowCount).toBe(0);
    });
    // The good migrations before it stay applied; the next start retries only the broken one.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const shops = await client.query(`SELECT to_regclass('public.shops') AS t`);
    await client.end();
    expect(shops.rows[0].t).toBe("shops");
  });
});
