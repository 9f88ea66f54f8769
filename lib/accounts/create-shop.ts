import { hashPassword } from "@/lib/auth/password";
import { createShopSchema, type CreateShopInput } from "@/lib/auth/schema";
import { AppError } from "@/lib/errors";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { defaultTimeZone } from "@/lib/time-zone";
import type { Locale } from "@/i18n/config";

type Tx = Prisma.TransactionClient | PrismaClient;

export type CreatedShop = { shopId: string; userId: string; email: string };

/** A new shop with its main account (role owner). Writes both or nothing. */
export async function createShopWithOwner(client: PrismaClient, input: CreateShopInput): Promise<CreatedShop> {
  const data = createShopSchema.parse(input);
  const passwordHash = await hashPassword(data.password);
  return client.$transaction((tx) => insertShopAndOwner(tx, { ...data, passwordHash }));
}

export async function insertShopAndOwner(
  tx: Tx,
  data: { shopName: string; name: string; email: string; passwordHash: string; language?: Locale },
): Promise<CreatedShop> {
  if (await tx.user.findUnique({ where: { email: data.email }, select: { id: true } })) {
    throw new AppError("emailTaken", { fields: { email: "emailTaken" } });
  }
  const language = data.language ?? "en";
  const shop = await tx.shop.create({ data: { name: data.shopName, timeZone: defaultTimeZone(), language } });
  const user = await tx.user.create({
    data: {
      shopId: shop.id,
      name: data.name,
      email: data.email,
      passwordHash: data.passwordHash,
      role: "owner",
      language,
    },
  });
  return { shopId: shop.id, userId: user.id, email: user.email };
}
