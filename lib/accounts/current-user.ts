import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** GET /auth/me: name, email, role, shopId, twofa_enabled (SPEC section 3). */
export async function currentUser(client: PrismaClient, caller: { userId: string; shopId: string }) {
  const user = await client.user.findFirst({ where: { id: caller.userId, shopId: caller.shopId } });
  if (!user) throw new AppError("unauthorized", 401);
  return { name: user.name, email: user.email, role: user.role, shopId: user.shopId, twofa_enabled: user.twofaEnabled };
}
