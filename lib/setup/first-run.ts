import { createHash, randomBytes } from "node:crypto";
import { hashPassword } from "@/lib/auth/password";
import { setupSchema } from "@/lib/auth/schema";
import { insertShopAndOwner, type CreatedShop } from "@/lib/accounts/create-shop";
import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";

// The first-run link: while the database holds no account, each start of the
// server prints a one-time /setup?token=... link. Only the token's hash is
// stored; once the first account exists the link and the screen are gone.

export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
// Serialises concurrent setups, so two browsers cannot both create a first shop.
const SETUP_LOCK = 4_201_001;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export async function hasAnyAccount(client: PrismaClient): Promise<boolean> {
  return (await client.user.findFirst({ select: { id: true } })) !== null;
}

/** A fresh setup token (replacing any older one), or null when accounts exist. */
export async function issueSetupToken(client: PrismaClient, now = new Date()): Promise<string | null> {
  if (await hasAnyAccount(client)) {
    await client.setupToken.deleteMany();
    return null;
  }
  const token = randomBytes(32).toString("base64url");
  await client.$transaction([
    client.setupToken.deleteMany(),
    client.setupToken.create({
      data: { tokenHash: sha256(token), expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS) },
    }),
  ]);
  return token;
}

export async function isSetupTokenValid(client: PrismaClient, token: string): Promise<boolean> {
  if (!token || (await hasAnyAccount(client))) return false;
  const row = await client.setupToken.findUnique({ where: { tokenHash: sha256(token) } });
  return row !== null && row.expiresAt > new Date();
}

export async function completeSetup(client: PrismaClient, input: unknown): Promise<CreatedShop> {
  const data = setupSchema.parse(input);
  if (!(await isSetupTokenValid(client, data.token))) throw new AppError("setupUnavailable");
  const passwordHash = await hashPassword(data.password, "open");
  return client.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${SETUP_LOCK})`);
    const token = await tx.setupToken.findUnique({ where: { tokenHash: sha256(data.token) } });
    const taken = await tx.user.findFirst({ select: { id: true } });
    if (!token || token.expiresAt <= new Date() || taken) throw new AppError("setupUnavailable");
    const created = await insertShopAndOwner(tx, { ...data, passwordHash });
    await tx.setupToken.deleteMany();
    return created;
  });
}
