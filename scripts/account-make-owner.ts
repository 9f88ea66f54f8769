// npm run account:make-owner -- --email <email>
// Makes the account with this email an owner of its shop, in the database
// `npm start` would use: the repair for a shop left without one.
import { makeOwner } from "@/lib/accounts/roles";
import { normalizeEmail } from "@/lib/auth/rules";
import { createDb } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { openDatabase } from "@/lib/runtime/database";
import { commandConfig, emailArgument, exitWith } from "./lib/config";

const USAGE = "Usage: npm run account:make-owner -- --email <email>";

async function main() {
  const email = emailArgument(USAGE);
  const database = await openDatabase(commandConfig());
  const client = createDb(database.url, 1);
  try {
    await applyMigrations(database.url);
    const address = normalizeEmail(email);
    const user = await makeOwner(client, address);
    if (!user) {
      console.error(`No account has the email ${address}.`);
      process.exitCode = 1;
    } else console.log(`${address} is now an owner of its shop.`);
  } finally {
    await client.$disconnect();
    await database.close();
  }
}

main().catch(exitWith);
