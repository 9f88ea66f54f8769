// npm run restore -- <archive.tar.gz>: brings a backup back into an empty
// installation (embedded database under DATA_DIR, or DATABASE_URL) and its
// UPLOAD_DIR. Applies the migrations first, so a brand-new installation works.
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup } from "@/lib/backup/archive";
import { applyMigrations } from "@/lib/db/migrate";
import { openDatabase } from "@/lib/runtime/database";
import { ensureSecrets } from "@/lib/runtime/secrets";
import { commandConfig, exitWith, settleUploadDir } from "./lib/config";

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new Error("Usage: npm run restore -- <backup.tar.gz>");
  const archive = path.resolve(positionals[0]);
  const config = commandConfig();
  settleUploadDir(config);
  const database = await openDatabase(config);
  try {
    await applyMigrations(database.url);
    const manifest = await restoreBackup({
      databaseUrl: database.url,
      uploadDir: config.uploadDir,
      archive,
      workDir: path.join(config.dataDir, "tmp"),
      // The key this installation will serve with (made now and kept in DATA_DIR when not given).
      encryptionKey: ensureSecrets(config.dataDir).ENCRYPTION_KEY,
    });
    const rows = Object.entries(manifest.rows)
      .map(([table, n]) => `${table} ${n}`)
      .join(", ");
    console.log(`Restored ${archive} (made ${manifest.createdAt}).`);
    console.log(`Rows: ${rows}. Photos: ${manifest.photos}.`);
  } finally {
    await database.close();
  }
}

main().catch(exitWith);
