// npm run backup [-- --out <file.tar.gz>]: one archive with the database and
// the photos, from the database `npm start` uses (embedded or DATABASE_URL).
// Works while the server runs. Default file: DATA_DIR/backups/repair-desk-<time>.tar.gz
import { chmodSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup } from "@/lib/backup/archive";
import { openDatabase } from "@/lib/runtime/database";
import { commandConfig, exitWith, settleUploadDir } from "./lib/config";

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } }, strict: true });
  const config = commandConfig();
  settleUploadDir(config);
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..+/, "").replace("T", "-");
  const folder = path.join(config.dataDir, "backups");
  const target = path.resolve(values.out ?? path.join(folder, `repair-desk-${stamp}.tar.gz`));
  // The default folder is the operator's alone (an archive is 0600 wherever it goes).
  if (!values.out) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    chmodSync(folder, 0o700);
  }
  const database = await openDatabase(config);
  try {
    const manifest = await createBackup({
      databaseUrl: database.url,
      uploadDir: config.uploadDir,
      target,
      workDir: path.join(config.dataDir, "tmp"),
    });
    const rows = Object.entries(manifest.rows)
      .map(([table, n]) => `${table} ${n}`)
      .join(", ");
    console.log(`Backup written: ${target} (${(statSync(target).size / 1e6).toFixed(1)} MB)`);
    console.log(`Rows: ${rows}. Photos: ${manifest.photos}.`);
    if (manifest.missingPhotos.length) {
      console.warn(
        `Warning: ${manifest.missingPhotos.length} photo file(s) named by a record were not in ${config.uploadDir}: ${manifest.missingPhotos.slice(0, 5).join(", ")}`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch(exitWith);
