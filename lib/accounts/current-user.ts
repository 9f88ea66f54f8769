import { AppError } from "@/lib/errors";
import { activeAccounts } from "./accounts";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** GET /auth/me: name, email, role, shopId, twofa_enabled, the shop's time zone and account count. */
export async function currentUser(client: PrismaClient, caller: { userId: string; shopId: string }) {
  const user = await client.user.findFirst({
    where: { id: caller.userId, shopId: caller.shopId, ...activeAccounts },
    include: {
      shop: {
        select: {
          timeZone: true,
          language: true,
          warrantyMonths: true,
          _count: { select: { users: { where: activeAccounts } } },
        },
      },
    },
  });
  if (!user) throw new AppError("unauthorized");
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    shopId: user.shopId,
    twofa_enabled: user.twofaEnabled,
    /** The shop's IANA time zone, in which the screens show every instant. */
    time_zone: user.shop.timeZone,
    /** The shop's language: new repairs' customer language by default, and the tickets'. */
    shop_language: user.shop.language,
    /** The warranty a new repair gets unless changed on it (the form shows it). */
    shop_warranty_months: user.shop.warrantyMonths,
    /** How many of the shop's MAX_ACCOUNTS_PER_SHOP accounts exist: the staff form says when none is left. */
    shop_accounts: user.shop._count.users,
  };
}
