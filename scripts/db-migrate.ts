// npm run db:migrate: applies pending migrations to the database `npm start` would use, then exits.
import { applyMigrations } from "@/lib/db/migrate";
import { describeDatabaseUrl } from "@/lib/db/describe-url";
import { openDatabase } from "@/lib/runtime/database";
import { commandConfig, exitWith } from "./lib/config";

async function main() {
  const config = commandConfig();
  const database = await openDatabase(config);
  try {
    console.log(`Database: ${database.embedded ? `embedded (${config.dataDir})` : describeDatabaseUrl(database.url)}`);
    const result = await applyMigrations(database.url, { log: (line) => console.log(line) });
    console.log(
      result.applied.length === 0
        ? `No pending migrations (${result.alreadyApplied} applied).`
        : `Applied ${result.applied.length} migration(s).`,
    );
  } finally {
    await database.close();
  }
}

main().catch(exitWith);
