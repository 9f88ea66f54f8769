// npm run account:unlock -- --email <email>
// Unlocks an account the escalating lockout closed (100 failed sign-in
// checks in a row), in the database `npm start` would use.
import { unlockAccount } from "@/lib/auth/lockout";
import { normalizeEmail } from "@/lib/auth/rules";
import { createDb } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { openDatabase } from "@/lib/runtime/database";
import { commandConfig, emailArgument, exitWith } from "./lib/config";

const USAGE = "Usage: npm run account:unlock -- --email <email>";

async function main() {
  const email = emailArgument(USAGE);
  const database = await openDatabase(commandConfig());
  const client = createDb(database.url, 1);
  try {
    await applyMigrations(database.url);
    const address = normalizeEmail(email);
    const wasLocked = await unlockAccount(client, address);
    console.log(wasLocked ? `Unlocked ${address}: it can sign in again.` : `${address} was not locked.`);
  } finally {
    await client.$disconnect();
    await database.close();
  }
}

main().catch(exitWith);
