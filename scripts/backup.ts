// npm run backup [-- --out <file.tar.gz>]: one archive with the database and
// the photos, from the database `npm start` uses (embedded or DATABASE_URL).
// Works while the server runs. Default file: DATA_DIR/backups/repair-desk-<time>.tar.gz
import { statSync } from "node:fs";
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
  const target = path.resolve(values.out ?? path.join(config.dataDir, "backups", `repair-desk-${stamp}.tar.gz`));
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
