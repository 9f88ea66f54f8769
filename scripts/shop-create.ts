// npm run shop:create -- --shop "<shop name>" --name "<owner name>" --email <email> --password '<password>'
// Creates a shop and its main account in the database `npm start` would use.
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { createShopWithOwner } from "@/lib/accounts/create-shop";
import { createDb } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { AppError, errorText, isErrorCode, uniqueViolation } from "@/lib/errors";
import { openDatabase } from "@/lib/runtime/database";
import { SHOP_CREATE_USAGE } from "@/lib/setup/announce";
import { commandConfig, exitWith } from "./lib/config";

const USAGE = `Usage: ${SHOP_CREATE_USAGE}`;

function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        shop: { type: "string" },
        name: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
      },
      strict: true,
    });
    return values;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
}

function describe(thrown: unknown): Error {
  const error = uniqueViolation(thrown) ?? thrown;
  if (error instanceof AppError && error.code === "emailTaken") return new Error(`${error.message} (--email)`);
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const text = isErrorCode(issue.message) ? errorText(issue.message) : issue.message;
    return new Error(`${text} (--${issue.path.join(".") === "shopName" ? "shop" : issue.path.join(".")})`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

async function main() {
  const options = readOptions();
  const config = commandConfig();
  const database = await openDatabase(config);
  const client = createDb(database.url, 1);
  try {
    await applyMigrations(database.url);
    const created = await createShopWithOwner(client, {
      shopName: options.shop ?? "",
      name: options.name ?? "",
      email: options.email ?? "",
      password: options.password ?? "",
    });
    console.log(`Created shop "${options.shop?.trim()}" with its main account ${created.email}.`);
    console.log(`Shop id: ${created.shopId}`);
  } catch (error) {
    throw describe(error);
  } finally {
    await client.$disconnect();
    await database.close();
  }
}

main().catch(exitWith);
