import { db } from "@/lib/db";
import { settings } from "@/lib/env";
import { issueSetupToken } from "./first-run";

export const SHOP_CREATE_USAGE = `npm run shop:create -- --shop "<shop name>" --name "<owner name>" --email <email> --password '<password>'`;

/** While no account exists, prints how to create the first one: a one-time link and the command. */
export async function announceFirstRun(): Promise<void> {
  try {
    const token = await issueSetupToken(db());
    if (!token) return;
    const { APP_URL: base, OPERATOR_COMMAND_PREFIX: prefix } = settings();
    console.log(
      [
        "",
        "No account exists yet. Create the first shop and its main account, either:",
        `  - in the browser, once: ${base}/setup?token=${token}`,
        prefix
          ? `  - or from a shell on the host: ${prefix} ${SHOP_CREATE_USAGE}`
          : `  - or from a shell: ${SHOP_CREATE_USAGE}`,
        "",
      ].join("\n"),
    );
  } catch (error) {
    console.error(`Could not check for a first account: ${(error as Error).message}`);
  }
}
