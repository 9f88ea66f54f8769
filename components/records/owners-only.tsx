"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useCurrentUser } from "@/components/session/auth-guard";
import { ErrorNotice } from "@/components/ui/notice";

/** The shop's records screens are for its owners: staff who open one are told why it is closed to them. */
export function OwnersOnly({ children }: { children: ReactNode }) {
  const t = useTranslations();
  const { user } = useCurrentUser();
  if (user.role !== "owner") return <ErrorNotice>{t("errors.ownerOnly")}</ErrorNotice>;
  return <>{children}</>;
}
