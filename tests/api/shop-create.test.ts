import { describe, expect, it } from "vitest";
import { createDb } from "@/lib/db";
import { run, TSX } from "../helpers/processes";
import { withTestDatabase } from "../helpers/test-database";

// `npm run shop:create -- ...` runs exactly this command.
const database = withTestDatabase();
const shopCreate = (...args: string[]) =>
  run([...TSX, "scripts/shop-create.ts", ...args], { DATABASE_URL: database.url() });

async function rows() {
  const client = createDb(database.url(), 1);
  try {
    return {
      shops: await client.shop.count(),
      users: await client.user.findMany({ select: { email: true, role: true, shopId: true } }),
    };
  } finally {
    await client.$disconnect();
  }
}

const args = [
  "--shop",
  "Joieria Puig",
  "--name",
  "Marta Puig",
  "--email",
  "Marta@Joieria.cat",
  "--password",
  "Correct-Horse-9",
];

describe("npm run shop:create", () => {
  it("creates a shop with its main account and prints the shop id", async () => {
    const result = await shopCreate(...args);
    expect(result.code).toBe(0);
    const shopId = result.stdout.match(/Shop id: ([0-9a-f-]{36})/)?.[1];
    expect(shopId).toBeDefined();
    expect((await rows()).users).toEqual([{ email: "marta@joieria.cat", role: "owner", shopId }]);
  });

  it("refuses a duplicate email, whatever its case, and writes nothing", async () => {
    const before = await rows();
    const result = await shopCreate(...args.slice(0, 5), "MARTA@joieria.CAT", "--password", "Correct-Horse-9");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("An account with this email already exists");
    expect(await rows()).toEqual(before);
  });

  it("refuses a weak password with the spec's message, and writes nothing", async () => {
    const before = await rows();
    const result = await shopCreate(
      "--shop",
      "Other",
      "--name",
      "Pere",
      "--email",
      "pere@example.com",
      "--password",
      "alllowercase-12",
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Password must contain at least one uppercase letter");
    expect(result.stderr).not.toContain("    at "); // no stack trace
    expect(await rows()).toEqual(before);
  });

  it("explains its usage when an option is unknown", async () => {
    const result = await shopCreate("--shopname", "X");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Usage: npm run shop:create");
  });
});
