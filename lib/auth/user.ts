import type { User } from "@/lib/generated/prisma/client";

/** What the client stores after login (docs/api.md, /auth/login). */
export type PublicUser = {
  email: string;
  name: string;
  role: User["role"];
  language: User["language"];
  shopId: string;
  twofa_enabled: boolean;
};

export function publicUser(user: User): PublicUser {
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    language: user.language,
    shopId: user.shopId,
    twofa_enabled: user.twofaEnabled,
  };
}
