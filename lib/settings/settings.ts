import { AppError, successText } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { settingsSchema, type SettingsInput } from "./schema";

export async function getSettings(client: PrismaClient, userId: string) {
  const user = await client.user.findUnique({ where: { id: userId }, select: { language: true } });
  if (!user) throw new AppError("unauthorized", 401);
  return { language: user.language };
}

export async function updateSettings(client: PrismaClient, userId: string, input: SettingsInput) {
  const { language } = settingsSchema.parse(input);
  await client.user.update({ where: { id: userId }, data: { language } });
  return { language, message: successText("settingsSaved") };
}
