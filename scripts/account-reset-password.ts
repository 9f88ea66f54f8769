// npm run account:reset-password -- --email <email>
// Gives an account a new password when its owner cannot get back in and the
// server sends no mail: the password is typed at the prompt (never on the
// command line, where the shell's history would keep it) or piped in. Every
// session of the account ends, and any lockout goes. A removed account is
// found by the address it had, and comes back if its shop has room.
import { createInterface } from "node:readline/promises";
import { MAX_ACCOUNTS_PER_SHOP } from "@/lib/accounts/limits";
import { setPassword } from "@/lib/auth/password-reset";
import { newPasswordError, normalizeEmail } from "@/lib/auth/rules";
import { errorText } from "@/lib/errors";
import { emailArgument, exitWith } from "./lib/config";
import { onOperatorDatabase } from "./lib/operator-command";

const USAGE = "Usage: npm run account:reset-password -- --email <email>   (the new password is asked for)";

async function readPassword(): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY });
  try {
    return (await prompt.question("New password: ")).trim();
  } finally {
    prompt.close();
  }
}

async function main() {
  const email = emailArgument(USAGE);
  const password = await readPassword();
  const problem = newPasswordError(password);
  if (problem) throw new Error(errorText(problem));
  await onOperatorDatabase(async (client) => {
    const address = normalizeEmail(email);
    const done = await setPassword(client, address, password);
    if (!done) throw new Error(`No account has or had the email ${address}.`);
    if (done.account === "removed") {
      throw new Error(
        `The account ${address} was removed on ${done.removedAt.toISOString()}, and its shop has its ${MAX_ACCOUNTS_PER_SHOP} accounts: remove one, then run this again.`,
      );
    }
    if (done.account === "restored") {
      console.log(
        `The account ${address}, removed on ${done.removedAt.toISOString()}, is back in its shop with the new password.`,
      );
    } else console.log(`New password set for ${address}: every session of the account has ended.`);
  });
}

main().catch(exitWith);
