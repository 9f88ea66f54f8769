// npm run account:unlock -- --email <email>
// Unlocks an account the escalating lockout closed (100 failed sign-in
// checks in a row), in the database `npm start` would use.
import { unlockAccount } from "@/lib/auth/lockout";
import { normalizeEmail } from "@/lib/auth/rules";
import { emailArgument, exitWith } from "./lib/config";
import { onOperatorDatabase } from "./lib/operator-command";

const USAGE = "Usage: npm run account:unlock -- --email <email>";

async function main() {
  const email = emailArgument(USAGE);
  await onOperatorDatabase(async (client) => {
    const address = normalizeEmail(email);
    const wasLocked = await unlockAccount(client, address);
    console.log(wasLocked ? `Unlocked ${address}: it can sign in again.` : `${address} was not locked.`);
  });
}

main().catch(exitWith);
