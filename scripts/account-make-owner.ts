// npm run account:make-owner -- --email <email>
// Makes the account with this email an owner of its shop, in the database
// `npm start` would use: the repair for a shop left without one.
import { makeOwner } from "@/lib/accounts/roles";
import { normalizeEmail } from "@/lib/auth/rules";
import { emailArgument, exitWith } from "./lib/config";
import { onOperatorDatabase } from "./lib/operator-command";

const USAGE = "Usage: npm run account:make-owner -- --email <email>";

async function main() {
  const email = emailArgument(USAGE);
  await onOperatorDatabase(async (client) => {
    const address = normalizeEmail(email);
    if (!(await makeOwner(client, address))) throw new Error(`No account has the email ${address}.`);
    console.log(`${address} is now an owner of its shop.`);
  });
}

main().catch(exitWith);
