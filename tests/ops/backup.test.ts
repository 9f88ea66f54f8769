import { deleteRepair } from "@/lib/repairs/archive";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShopWithOwner } from "@/lib/accounts/create-shop";
import { createSubaccount } from "@/lib/accounts/create-subaccount";
import { startSession } from "@/lib/auth/sessions";
import { seal } from "@/lib/crypto/secret-box";
import { createDb } from "@/lib/db";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrate";
import { changeStatus, createRepair, setQuote } from "@/lib/repairs/mutations";
import { createWorkshop } from "@/lib/workshops/workshops";
import { run, TSX } from "../helpers/processes";
import { tempDir } from "../helpers/temp-dir";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// npm run backup, then npm run restore into an empty installation: every row of
// every table and every photo file comes back identical. On a Postgres server
// (DATABASE_URL) and on the embedded database, where the backup goes through
// the running server that holds it.

const BACKUP = [...TSX, "scripts/backup.ts"];
const RESTORE = [...TSX, "scripts/restore.ts"];
const STATUSES = [
  "received",
  "sent",
  "diagnosing",
  "quoting",
  "approved",
  "in_progress",
  "in_repair",
  "outsourced",
  "ready",
  "picked_up",
  "denied",
];

/** Two shops with varied data: accounts, a session, repairs in every status (one sent to a workshop), quotes, prices, history and real photo files. */
async function populate(databaseUrl: string, uploadDir: string) {
  const client = createDb(databaseUrl, 2);
  try {
    for (const [shopName, email] of [
      ["Rellotgeria Vidal", "anna@vidal.cat"],
      ["Joyería Núñez", "luis@nunez.es"],
    ]) {
      const owner = await createShopWithOwner(client, {
        shopName,
        name: `Owner of ${shopName}`,
        email,
        password: "Correct-Horse-9",
      });
      await createSubaccount(client, owner, {
        name: 'Pere "Staff" Puig',
        email: `staff-${email}`,
        password: "Another-Horse-8",
      });
      await client.user.update({
        where: { id: owner.userId },
        data: {
          twofaEnabled: true,
          twofaSecret: seal("JBSWY3DPEHPK3PXP", process.env.ENCRYPTION_KEY!),
          twofaLastStep: 59_012_345,
          language: "ca",
        },
      });
      await startSession(client, { id: owner.userId, shopId: owner.shopId });
      const actor = { shopId: owner.shopId, userId: owner.userId };
      const { workshop } = await createWorkshop(client, actor, { name: "Taller Puig", contact: "+34 933 000 000" });
      for (let i = 0; i < STATUSES.length; i++) {
        const repair = await createRepair(client, actor, {
          repair_number: `R-${i}`,
          customer_name: i % 2 ? "José Ñúñez-O'Brien" : 'Mònica \\ "Quote" Torrents',
          customer_phone: i % 3 ? "+34 600 123 456" : undefined,
          item_type: i % 2 ? "watch" : "jewelry",
          item_description: `Line one\nLine two, ${"€".repeat(i)} 🕰️`,
          notes: i % 4 ? null : "Notes; with ,commas and\ttabs",
          deadline: i % 2 ? "2027-03-15" : undefined,
          final_price: i % 3 ? "1234.56" : undefined,
        });
        if (i % 2)
          await setQuote(client, actor, repair.id, {
            amount: 99.9,
            notes: "Cristal + junta",
            expires_in_hours: 14 * 24,
          });
        if (STATUSES[i] === "outsourced")
          await changeStatus(client, actor, repair.id, {
            status: "outsourced",
            send_out: { workshop_id: workshop.id, expected_back: "2027-03-20", cost: 35, tracking: "PK-1" },
          });
        else if (STATUSES[i] !== "received") await changeStatus(client, actor, repair.id, { status: STATUSES[i] });
        if (i < 3) {
          const jpeg = await sharp({ create: { width: 32 + i, height: 24, channels: 3, background: "#a0522d" } })
            .jpeg()
            .toBuffer();
          const name = createHash("md5").update(`${email}-${i}`).digest("hex");
          const filePath = `${name.slice(0, 2)}/${name}.jpg`;
          mkdirSync(path.join(uploadDir, name.slice(0, 2)), { recursive: true });
          writeFileSync(path.join(uploadDir, filePath), jpeg);
          await client.photo.create({
            data: {
              shopId: owner.shopId,
              repairId: repair.id,
              fileName: `dial ${i}.jpg`,
              filePath,
              mimeType: "image/jpeg",
              sizeBytes: jpeg.length,
            },
          });
        }
      }
      // A handed-over repair deleted: archived, its row kept, and so backed up and restored like any other.
      const handedOver = await client.repair.findFirstOrThrow({ where: { shopId: owner.shopId, status: "picked_up" } });
      expect(await deleteRepair(client, actor, handedOver.id, { reason: "Arxivada" })).toBe("archived");
    }
  } finally {
    await client.$disconnect();
  }
}

/** Every table's rows as text, sorted; the migration log by name; zero counters left out (absent and 0 are the same count). */
async function snapshot(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = (
      await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
      )
    ).rows.map((r) => r.table_name);
    const result: Record<string, string[]> = {};
    for (const table of tables) {
      if (table === "rate_limits") continue; // short-lived windows, deliberately not backed up
      const query =
        table === "_prisma_migrations"
          ? "SELECT migration_name AS row FROM _prisma_migrations"
          : table === "repair_counts"
            ? "SELECT row_to_json(t)::text AS row FROM repair_counts t WHERE count <> 0"
            : `SELECT row_to_json(t)::text AS row FROM "${table}" t`;
      result[table] = (await client.query<{ row: string }>(query)).rows.map((r) => r.row).sort();
    }
    return result;
  } finally {
    await client.end();
  }
}

function files(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = createHash("sha256").update(readFileSync(full)).digest("hex");
  }
  return out;
}

function expectSameData(source: Awaited<ReturnType<typeof snapshot>>, restored: Awaited<ReturnType<typeof snapshot>>) {
  expect(Object.keys(restored)).toEqual(Object.keys(source));
  for (const table of Object.keys(source)) expect(restored[table], table).toEqual(source[table]);
  expect(source.repair_records).toHaveLength(22);
  expect(source.photos).toHaveLength(6);
  expect(source.workshops).toHaveLength(2);
  expect(source.repair_records.filter((row) => row.includes('"outsource_tracking":"PK-1"'))).toHaveLength(2);
}

describe("backup and restore on a database server", () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let spare: TestDatabase;
  beforeAll(async () => {
    [source, target, spare] = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([source?.drop(), target?.drop(), spare?.drop()]);
  });

  it(
    "round-trips every row and every file; refuses a non-empty installation and a damaged archive, changing nothing",
    { timeout: 300_000 },
    async () => {
      const from = {
        DATA_DIR: tempDir("rd-backup-src-"),
        UPLOAD_DIR: tempDir("rd-backup-src-up-"),
        DATABASE_URL: source.url,
      };
      await populate(source.url, from.UPLOAD_DIR);
      const archive = path.join(tempDir("rd-archives-"), "shop.tar.gz");

      const backup = await run([...BACKUP, "--out", archive], from);
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backup written: ${archive}`);
      expect(backup.stdout).toContain("repair_records 22");
      expect(backup.stdout).toContain("Photos: 6.");
      expect(statSync(archive).mode & 0o777).toBe(0o600);
      // In the default folder, made or kept for the operator alone.
      mkdirSync(path.join(from.DATA_DIR, "backups"), { mode: 0o755 });
      const inDefault = await run(BACKUP, from);
      expect(inDefault.code).toBe(0);
      const folder = path.join(from.DATA_DIR, "backups");
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      const [written] = readdirSync(folder);
      expect(statSync(path.join(folder, written)).mode & 0o777).toBe(0o600);

      const to = {
        DATA_DIR: tempDir("rd-backup-dst-"),
        UPLOAD_DIR: path.join(tempDir("rd-backup-dst-up-"), "uploads"),
        DATABASE_URL: target.url,
      };
      const restore = await run([...RESTORE, archive], to);
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain("Rows: shops 2, users 4");

      expectSameData(await snapshot(source.url), await snapshot(target.url));
      expect(files(to.UPLOAD_DIR)).toEqual(files(from.UPLOAD_DIR));
      expect(Object.keys(files(to.UPLOAD_DIR))).toHaveLength(6);

      // A second restore into the now non-empty installation is refused.
      const again = await run([...RESTORE, archive], to);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("This installation already has data: restore into an empty one");
      expectSameData(await snapshot(source.url), await snapshot(target.url));

      // Status links are sealed: the archive alone opens none, and a restore
      // under another ENCRYPTION_KEY is refused with what to do, leaving nothing.
      const restored = (await snapshot(target.url)).repair_records.map(
        (row) => JSON.parse(row) as { status_token: string },
      );
      expect(restored.length).toBeGreaterThan(0);
      for (const { status_token } of restored) expect(status_token).toMatch(/^v1\./);
      const spareTo = {
        DATA_DIR: tempDir("rd-backup-spare-"),
        UPLOAD_DIR: tempDir("rd-backup-spare-up-"),
        DATABASE_URL: spare.url,
      };
      const otherKey = await run([...RESTORE, archive], { ...spareTo, ENCRYPTION_KEY: "f0e1d2c3b4a59687".repeat(4) });
      expect(otherKey.code).toBe(1);
      expect(otherKey.stderr).toContain("sealed with another ENCRYPTION_KEY: set ENCRYPTION_KEY to the key");
      expect((await snapshot(spare.url)).repair_records).toEqual([]);
      expect(files(spareTo.UPLOAD_DIR)).toEqual({});

      // A damaged archive: a clear error, and the empty installation stays empty.
      const damaged = path.join(path.dirname(archive), "damaged.tar.gz");
      writeFileSync(damaged, readFileSync(archive));
      truncateSync(damaged, Math.floor(statSync(damaged).size / 2));
      const broken = await run([...RESTORE, damaged], spareTo);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(/^Error: (This file cannot be read as a backup archive|The archive is incomplete)/);
      const empty = await snapshot(spare.url);
      expect(empty.shops).toEqual([]);
      expect(empty.repair_records).toEqual([]);
      expect(files(spareTo.UPLOAD_DIR)).toEqual({});
    },
  );
});

describe("backup and restore on the embedded database", () => {
  it(
    "backs up through the server holding the database, and restores into a new DATA_DIR",
    { timeout: 400_000 },
    async () => {
      const sourceDir = tempDir("rd-backup-emb-src-");
      const uploads = path.join(sourceDir, "uploads");
      // This test process plays the running server: it holds the database and publishes its address.
      const running = await startEmbeddedPostgres({ dataDir: sourceDir });
      let before: Awaited<ReturnType<typeof snapshot>>;
      const archive = path.join(tempDir("rd-archives-emb-"), "embedded.tar.gz");
      try {
        await applyMigrations(running.url);
        await populate(running.url, uploads);
        before = await snapshot(running.url);
        const backup = await run([...BACKUP, "--out", archive], {
          DATABASE_URL: undefined,
          DATA_DIR: sourceDir,
          UPLOAD_DIR: uploads,
        });
        expect(backup.stderr).toBe("");
        expect(backup.code).toBe(0);
      } finally {
        await running.stop();
      }

      const targetDir = tempDir("rd-backup-emb-dst-");
      const restore = await run([...RESTORE, archive], {
        DATABASE_URL: undefined,
        DATA_DIR: targetDir,
        UPLOAD_DIR: path.join(targetDir, "uploads"),
      });
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);

      const restored = await startEmbeddedPostgres({ dataDir: targetDir });
      try {
        expectSameData(before, await snapshot(restored.url));
      } finally {
        await restored.stop();
      }
      expect(files(path.join(targetDir, "uploads"))).toEqual(files(uploads));
    },
  );
});
