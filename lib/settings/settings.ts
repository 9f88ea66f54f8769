import { AppError, successText } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { recordShopChanges } from "@/lib/activity/activity";
import { assertOwner } from "@/lib/accounts/roles";
import { settingsSchema } from "./schema";

type Caller = { userId: string; shopId: string };

export async function getSettings(client: PrismaClient, caller: Pick<Caller, "shopId" | "userId">) {
  const user = await client.user.findFirst({
    where: { id: caller.userId, shopId: caller.shopId },
    select: { language: true, shop: { select: { timeZone: true } } },
  });
  if (!user) throw new AppError("unauthorized");
  return { language: user.language, time_zone: user.shop.timeZone };
}

export async function updateSettings(client: PrismaClient, caller: Caller, input: unknown) {
  const { language, time_zone } = settingsSchema.parse(input);
  await client.$transaction(async (tx) => {
    if (language) await tx.user.update({ where: { id: caller.userId }, data: { language } });
    const before = time_zone
      ? await tx.shop.findUniqueOrThrow({ where: { id: caller.shopId }, select: { timeZone: true } })
      : null;
    if (time_zone && before && before.timeZone !== time_zone) {
      // The shop's clock, like its other settings, is its owners' to change.
      await assertOwner(tx, caller);
      await tx.shop.update({ where: { id: caller.shopId }, data: { timeZone: time_zone } });
      await recordShopChanges(tx, caller, { time_zone: before.timeZone }, { time_zone });
    }
  });
  return { ...(await getSettings(client, caller)), message: successText("settingsSaved") };
}
