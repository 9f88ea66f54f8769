import { createReadStream, createWriteStream, existsSync } from "node:fs";
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { once } from "node:events";
import pg from "pg";
import { open } from "@/lib/crypto/secret-box";
import * as tar from "tar";
import { quoteIdent } from "@/lib/db/admin";
import { resolvePhotoIn } from "@/lib/photos/store";

// One archive (.tar.gz) holding the database and the photos:
//   manifest.json         what is inside, and the migrations it was made at
//   db/<table>.jsonl      one row per line, as Postgres's own row_to_json
//   uploads/<xx>/<name>   every photo a record points to
// The rows are read in one REPEATABLE READ transaction, so they are a single
// consistent moment; the photos are those of that moment's records. Restoring
// writes the rows back with json_populate_recordset, so Postgres converts
// every value (timestamps, numerics, enums, bytes) from its own text form.
// Works the same on a Postgres server and on the embedded one.

export const FORMAT = "repair-desk-backup";
export const FORMAT_VERSION = 1;

/** Backed-up tables, parents before children, with the order rows are read in. */
export const TABLES: ReadonlyArray<{ name: string; orderBy: string }> = [
  { name: "shops", orderBy: "id" },
  { name: "users", orderBy: "id" },
  { name: "refresh_token_families", orderBy: "id" },
  { name: "refresh_tokens", orderBy: "id" },
  { name: "setup_tokens", orderBy: "id" },
  { name: "account_lockouts", orderBy: "email" },
  { name: "workshops", orderBy: "id" },
  { name: "repair_records", orderBy: "id" },
  { name: "photos", orderBy: "id" },
  { name: "signatures", orderBy: "id" },
  { name: "payments", orderBy: "id" },
  { name: "status_history", orderBy: "id" },
  { name: "notices", orderBy: "id" },
  { name: "repair_events", orderBy: "id" },
  { name: "activity", orderBy: "id" },
  { name: "shop_invoicing", orderBy: "shop_id" },
  { name: "invoice_counters", orderBy: "shop_id" },
  // A rectifying invoice after the one it corrects, a record after the one it names.
  { name: "invoices", orderBy: "issued_at" },
  { name: "invoice_records", orderBy: "chain_seq" },
];
/**
 * Not backed up: counters and search words the repairs' triggers rebuild,
 * short-lived rate-limit windows and password-reset links, and the migration
 * log (checked instead).
 */
export const NOT_BACKED_UP = [
  "repair_counts",
  "search_words",
  "repair_words",
  "rate_limits",
  "password_resets",
  "_prisma_migrations",
];

export type Manifest = {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  migrations: string[];
  rows: Record<string, number>;
  photos: number;
  missingPhotos: string[];
};

const BATCH = 2_000;

export class BackupError extends Error {}

async function appliedMigrations(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ migration_name: string }>(
    "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name",
  );
  return rows.map((r) => r.migration_name);
}

async function writeLines(file: string, client: pg.Client, table: { name: string; orderBy: string }): Promise<number> {
  const out = createWriteStream(file);
  let count = 0;
  const cursor = `backup_${table.name}`;
  await client.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${quoteIdent(table.name)} t ORDER BY ${quoteIdent(table.orderBy)}`,
  );
  try {
    for (;;) {
      const { rows } = await client.query<{ row: string }>(`FETCH ${BATCH} FROM ${cursor}`);
      if (rows.length === 0) break;
      count += rows.length;
      if (!out.write(rows.map((r) => r.row).join("\n") + "\n")) await once(out, "drain");
    }
  } finally {
    await client.query(`CLOSE ${cursor}`);
    out.end();
    await once(out, "close");
  }
  return count;
}

/** Writes the archive to `target` (via a temporary name, so a cut-short backup never looks finished). */
export async function createBackup(options: {
  databaseUrl: string;
  uploadDir: string;
  target: string;
  workDir: string;
}): Promise<Manifest> {
  await mkdir(options.workDir, { recursive: true });
  const staging = await mkdtemp(path.join(options.workDir, "backup-"));
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await mkdir(path.join(staging, "db"));
    const rows: Record<string, number> = {};
    let photoPaths: string[] = [];
    let migrations: string[];
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
      migrations = await appliedMigrations(client);
      for (const table of TABLES)
        rows[table.name] = await writeLines(path.join(staging, "db", `${table.name}.jsonl`), client, table);
      photoPaths = (
        await client.query<{ file_path: string }>(
          "SELECT file_path FROM photos UNION ALL SELECT file_path FROM signatures ORDER BY file_path",
        )
      ).rows.map((r) => r.file_path);
    } finally {
      await client.query("COMMIT");
    }

    // The photos of that moment; one deleted since then is reported, not invented.
    const present: string[] = [];
    const missingPhotos: string[] = [];
    for (const filePath of photoPaths) {
      const full = resolvePhotoIn(options.uploadDir, filePath);
      if (full && (await stat(full).catch(() => null))?.isFile()) present.push(filePath);
      else missingPhotos.push(filePath);
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      rows,
      photos: present.length,
      missingPhotos,
    };
    await writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
    await symlink(path.resolve(options.uploadDir), path.join(staging, "uploads"));

    // The archive holds customers' details and password hashes: its owner's
    // alone, in a folder that is too when this makes it.
    const partial = `${options.target}.partial`;
    await mkdir(path.dirname(path.resolve(options.target)), { recursive: true, mode: 0o700 });
    await writeFile(partial, "", { mode: 0o600 });
    await chmod(partial, 0o600);
    // "uploads" is a link to the upload folder: each photo is read from where it is.
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      "manifest.json",
      ...TABLES.map((t) => `db/${t.name}.jsonl`),
      ...present.map((p) => `uploads/${p}`),
    ]);
    await rename(partial, options.target);
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
    await removeStaging(staging);
  }
}

/** Cleans a work folder without ever hiding the error that got us here (an aborted extraction may still be closing files). */
async function removeStaging(dir: string) {
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch(() => undefined);
}

const ENTRY = /^(manifest\.json|db\/[a-z_]+\.jsonl|uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.(jpg|png|webp))$/;

async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, "manifest.json");
  if (!existsSync(file)) throw new BackupError("This file is not a Repair Desk backup (it has no manifest.json).");
  const manifest = JSON.parse(await readFile(file, "utf8")) as Manifest;
  if (manifest.format !== FORMAT) throw new BackupError("This file is not a Repair Desk backup.");
  if (manifest.version > FORMAT_VERSION)
    throw new BackupError(
      `This backup's format (${manifest.version}) is newer than this version can read (${FORMAT_VERSION}): upgrade first.`,
    );
  return manifest;
}

async function insertLines(client: pg.Client, file: string, table: string): Promise<number> {
  let count = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(
      `INSERT INTO ${quoteIdent(table)} SELECT * FROM json_populate_recordset(NULL::${quoteIdent(table)}, $1::json)`,
      [`[${batch.join(",")}]`],
    );
    count += batch.length;
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return count;
}

async function moveFile(from: string, to: string) {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await copyFile(from, to);
  }
}

/**
 * Brings an archive back into an empty installation: the database must hold no
 * shop (migrations already applied, the same ones as the backup's) and the
 * upload folder no photo. All or nothing: the photos are put in place first,
 * the rows go in one transaction, and if that fails the photos are taken away.
 */
/**
 * Refuses a restore whose sealed values would not open here: every status
 * link and 2FA secret would fail. The key is kept apart from the archive on
 * purpose (docs/operations.md, Backups), so the operator must bring it.
 */
async function assertOpens(client: pg.Client, keyHex: string) {
  const { rows } = await client.query<{ sealed: string }>(
    `(SELECT status_token AS sealed FROM repairs WHERE status_token LIKE 'v1.%' LIMIT 1)
     UNION ALL (SELECT twofa_secret FROM users WHERE twofa_secret LIKE 'v1.%' LIMIT 1)`,
  );
  for (const { sealed } of rows) {
    try {
      open(sealed, keyHex);
    } catch {
      throw new BackupError(
        "This backup's status links and 2FA secrets were sealed with another ENCRYPTION_KEY: set ENCRYPTION_KEY to the key of the installation that made it (its environment, or ENCRYPTION_KEY in its DATA_DIR/secrets.json), then restore again.",
      );
    }
  }
}

export async function restoreBackup(options: {
  databaseUrl: string;
  uploadDir: string;
  archive: string;
  workDir: string;
  /** The installation's ENCRYPTION_KEY: the archive's sealed values (status links, 2FA secrets) must open with it. */
  encryptionKey: string;
}): Promise<Manifest> {
  if (!existsSync(options.archive)) throw new BackupError(`No such file: ${options.archive}`);
  await mkdir(options.workDir, { recursive: true });
  const staging = await mkdtemp(path.join(options.workDir, "restore-"));
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const placed: string[] = [];
  try {
    try {
      await tar.extract({
        file: options.archive,
        cwd: staging,
        strict: true,
        filter: (entry) => ENTRY.test(entry.replace(/^\.\//, "")),
      });
    } catch (error) {
      throw new BackupError(`This file cannot be read as a backup archive (${(error as Error).message}).`);
    }
    const manifest = await readManifest(staging);

    const installed = await appliedMigrations(client);
    if (installed.join() !== manifest.migrations.join()) {
      throw new BackupError(
        `This backup was made with a different database version (its last migration: ${manifest.migrations.at(-1)}; this installation: ${installed.at(-1)}). Restore it with the version that made it, then upgrade.`,
      );
    }
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM shops");
    if (Number(rows[0].n) > 0)
      throw new BackupError(
        "This installation already has data: restore into an empty one (a new DATA_DIR, or an empty database).",
      );
    const existing = (await readdir(options.uploadDir, { recursive: true }).catch(() => [])).filter((p) =>
      /\.(jpg|png|webp)$/.test(String(p)),
    );
    if (existing.length > 0)
      throw new BackupError(`The upload folder ${options.uploadDir} already holds photos: restore into an empty one.`);

    const photoDir = path.join(staging, "uploads");
    const photos = existsSync(photoDir)
      ? (await readdir(photoDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())
      : [];
    if (photos.length !== manifest.photos)
      throw new BackupError(`The archive is incomplete: ${photos.length} of ${manifest.photos} photos.`);
    for (const entry of photos) {
      const relative = path.relative(photoDir, path.join(entry.parentPath, entry.name));
      const target = resolvePhotoIn(options.uploadDir, relative.split(path.sep).join("/"));
      if (!target) continue;
      await moveFile(path.join(entry.parentPath, entry.name), target);
      placed.push(target);
    }

    await client.query("BEGIN");
    try {
      for (const table of TABLES) {
        const file = path.join(staging, "db", `${table.name}.jsonl`);
        const count = existsSync(file) ? await insertLines(client, file, table.name) : 0;
        if (count !== (manifest.rows[table.name] ?? 0)) {
          throw new BackupError(
            `The archive is incomplete: ${table.name} has ${count} of ${manifest.rows[table.name]} rows.`,
          );
        }
      }
      await assertOpens(client, options.encryptionKey);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
    return manifest;
  } catch (error) {
    await Promise.allSettled(placed.map((file) => rm(file, { force: true })));
    throw error;
  } finally {
    await client.end().catch(() => undefined);
    await removeStaging(staging);
  }
}
