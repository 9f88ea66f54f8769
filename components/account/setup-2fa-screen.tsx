"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { TwoFactorEnroll } from "./two-factor-enroll";
import { useRedirectAfter } from "./use-redirect-after";

export function Setup2faScreen() {
  const t = useTranslations("setup2fa");
  const [done, setDone] = useState<string | null>(null);
  useRedirectAfter(done !== null);
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      {done ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          {done}
        </p>
      ) : (
        <TwoFactorEnroll onEnabled={setDone} />
      )}
      <Link href="/dashboard" className="text-sm text-blue-800 underline">
        {t("back")}
      </Link>
    </div>
  );
}
