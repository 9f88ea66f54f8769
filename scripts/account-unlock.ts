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
    const inUse = await client.user.findFirst({ where: { email: address, removedAt: null }, select: { id: true } });
    const removed = inUse
      ? null
      : await client.user.findFirst({ where: { removedEmail: address }, orderBy: { removedAt: "desc" } });
    if (!inUse && !removed && !wasLocked) throw new Error(`No account has or had the email ${address}.`);
    console.log(wasLocked ? `Unlocked ${address}.` : `${address} was not locked.`);
    if (removed?.removedAt) {
      console.log(
        `Its account was removed on ${removed.removedAt.toISOString()}: npm run account:reset-password brings it back.`,
      );
    }
  });
}

main().catch(exitWith);
