import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/setup/route";
import { createDb, db } from "@/lib/db";
import { completeSetup, isSetupTokenValid, issueSetupToken } from "@/lib/setup/first-run";
import { jsonRequest } from "../helpers/requests";
import { createTestDatabase, withTestDatabase } from "../helpers/test-database";

withTestDatabase();

const owner = {
  shopName: "Rellotgeria Vidal",
  name: "Anna Vidal",
  email: "Anna.Vidal@Example.com",
  password: "Correct-Horse-9",
};

async function counts() {
  return { shops: await db().shop.count(), users: await db().user.count() };
}

describe("first-run setup (POST /api/setup)", () => {
  it("refuses bad input with the spec's texts and writes nothing", async () => {
    const token = (await issueSetupToken(db()))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const weak = await POST(jsonRequest("/api/setup", { ...owner, token, password: "short" }));
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({
      error: "Password must be at least 12 characters long",
      code: "passwordTooShort",
      fields: { password: "passwordTooShort" },
    });

    const badEmail = await POST(jsonRequest("/api/setup", { ...owner, token, email: "anna" }));
    expect(await badEmail.json()).toMatchObject({ error: "Invalid email format", fields: { email: "emailInvalid" } });

    const malformed = await POST(jsonRequest("/api/setup", "{not json"));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "invalidJson" });

    const wrongType = await POST(jsonRequest("/api/setup", owner, { headers: { "content-type": "text/plain" } }));
    expect(wrongType.status).toBe(415);

    const wrongToken = await POST(jsonRequest("/api/setup", { ...owner, token: "x".repeat(43) }));
    expect(wrongToken.status).toBe(404);
    expect(await wrongToken.json()).toMatchObject({ code: "setupUnavailable" });

    expect(await counts()).toEqual({ shops: 0, users: 0 });
  });

  it("creates the first shop and its owner once, then the link is gone for good", async () => {
    const token = (await issueSetupToken(db()))!;
    const response = await POST(jsonRequest("/api/setup", { ...owner, token }));
    expect(response.status).toBe(201);
    const { shopId } = await response.json();

    const user = await db().user.findUniqueOrThrow({ where: { email: "anna.vidal@example.com" } });
    expect(user).toMatchObject({ shopId, name: "Anna Vidal", role: "owner", language: "en", twofaEnabled: false });
    expect(user.passwordHash).not.toContain(owner.password);
    expect(await bcrypt.compare(owner.password, user.passwordHash)).toBe(true);
    expect((await db().shop.findUniqueOrThrow({ where: { id: shopId } })).name).toBe("Rellotgeria Vidal");

    const again = await POST(jsonRequest("/api/setup", { ...owner, email: "other@example.com", token }));
    expect(again.status).toBe(404);
    expect(await isSetupTokenValid(db(), token)).toBe(false);
    expect(await issueSetupToken(db())).toBeNull();
    expect(await db().setupToken.count()).toBe(0);
    expect(await counts()).toEqual({ shops: 1, users: 1 });
  });
});

describe("concurrent first-run setups", () => {
  it("create exactly one shop", async () => {
    const database = await createTestDatabase();
    const client = createDb(database.url, 5);
    try {
      const token = (await issueSetupToken(client))!;
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) => completeSetup(client, { ...owner, email: `owner${i}@example.com`, token })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results)
        if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "setupUnavailable" });
      expect(await client.shop.count()).toBe(1);
      expect(await client.user.count()).toBe(1);
    } finally {
      await client.$disconnect();
      await database.drop();
    }
  });
});

describe("the language the setup page was used in", () => {
  it("becomes the shop's and its owner's; an unknown one is refused, writing nothing", async () => {
    const database = await createTestDatabase();
    const client = createDb(database.url, 2);
    try {
      const token = (await issueSetupToken(client))!;
      await expect(completeSetup(client, { ...owner, token, language: "fr" })).rejects.toThrow();
      expect(await client.shop.count()).toBe(0);
      const created = await completeSetup(client, { ...owner, token, language: "ca" });
      expect(await client.shop.findUniqueOrThrow({ where: { id: created.shopId } })).toMatchObject({ language: "ca" });
      expect(await client.user.findUniqueOrThrow({ where: { id: created.userId } })).toMatchObject({ language: "ca" });
    } finally {
      await client.$disconnect();
      await database.drop();
    }
  });
});
