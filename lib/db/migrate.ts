import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

// Applies prisma/migrations the way `prisma migrate deploy` does, without
// Prisma's native engine (which cannot be downloaded on every machine): the
// same `_prisma_migrations` table and columns, the sha256 of each
// migration.sql as its checksum, and Prisma's own advisory lock id, so either
// tool can follow the other. Unlike Prisma, each migration runs in one
// transaction, so a failing one leaves nothing half-applied.

const PRISMA_ADVISORY_LOCK = 72707369;

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export type Migration = { name: string; sql: string; checksum: string };

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const bytes = await readFile(path.join(dir, name, "migration.sql"));
      return { name, sql: bytes.toString("utf8"), checksum: createHash("sha256").update(bytes).digest("hex") };
    }),
  );
}

type AppliedRow = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

export type MigrateResult = { applied: string[]; alreadyApplied: number };

export async function applyMigrations(
  databaseUrl: string,
  options: { dir?: string; log?: (line: string) => void } = {},
): Promise<MigrateResult> {
  const log = options.log ?? (() => {});
  const migrations = await readMigrations(options.dir);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    try {
      await client.query(CREATE_TABLE);
      const { rows } = await client.query<AppliedRow>(
        `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
      );
      const failed = rows.filter((r) => r.finished_at === null && r.rolled_back_at === null);
      if (failed.length > 0) {
        throw new Error(
          `Migration ${failed[0].migration_name} failed earlier and was not resolved; ` +
            `fix the database, then run \`npx prisma migrate resolve\` for it.`,
        );
      }
      const done = new Map(
        rows.filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => [r.migration_name, r]),
      );
      const applied: string[] = [];
      for (const migration of migrations) {
        const row = done.get(migration.name);
        if (row) {
          if (row.checksum !== migration.checksum) {
            log(`warning: migration ${migration.name} was modified after it was applied`);
          }
          continue;
        }
        if (await applyOne(client, migration)) {
          applied.push(migration.name);
          log(`applied migration ${migration.name}`);
        }
      }
      return { applied, alreadyApplied: migrations.length - applied.length };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]);
    }
  } finally {
    await client.end();
  }
}

// Applies one migration unless another runner recorded it meanwhile. The
// re-check under a table lock matters for the embedded database: PGlite has a
// single backend, so advisory locks do not separate its connections, while its
// socket server does run one connection's transaction at a time.
async function applyOne(client: pg.Client, migration: Migration): Promise<boolean> {
  const id = randomUUID();
  await client.query("BEGIN");
  try {
    await client.query(`LOCK TABLE "_prisma_migrations" IN SHARE ROW EXCLUSIVE MODE`);
    const done = await client.query(
      `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      [migration.name],
    );
    if (done.rowCount) {
      await client.query("COMMIT");
      return false;
    }
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), 0)`,
      [id, migration.checksum, migration.name],
    );
    await client.query(migration.sql);
    await client.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [
      id,
    ]);
    await client.query("COMMIT");
    return true;
  } catch (error) {
    await client.query("ROLLBACK");
    throw new Error(`Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`);
  }
}
