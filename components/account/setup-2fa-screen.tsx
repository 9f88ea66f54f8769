"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useCurrentUser } from "@/components/session/auth-guard";
import { TwoFactorEnroll } from "./two-factor-enroll";
import { useRedirectAfter } from "./use-redirect-after";

export function Setup2faScreen() {
  const t = useTranslations("setup2fa");
  const { user } = useCurrentUser();
  const [done, setDone] = useState<string | null>(null);
  useRedirectAfter(done !== null);
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      {done ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          {done}
        </p>
      ) : user.twofa_enabled ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-700">{t("alreadyOn")}</p>
          <Link href="/disable-2fa" className="rounded-md border border-red-300 px-4 py-2 text-red-800 hover:bg-red-50">
            {t("disableLink")}
          </Link>
        </div>
      ) : (
        <TwoFactorEnroll onEnabled={setDone} />
      )}
      <Link href="/dashboard" className="text-sm text-blue-800 underline">
        {t("back")}
      </Link>
    </div>
  );
}
