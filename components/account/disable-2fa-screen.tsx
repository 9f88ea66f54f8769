"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { authApi } from "@/lib/client/api";
import { ApiError } from "@/lib/client/api-client";
import { Field } from "@/components/ui/field";
import { CodeField } from "@/components/auth/code-field";
import { apiErrorText } from "@/components/ui/error-text";
import { useRedirectAfter } from "./use-redirect-after";
import { ErrorNotice } from "@/components/ui/notice";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";

// /disable-2fa: one 6-digit code (anything but digits is
// dropped), a warning, Cancel, and a success screen before the dashboard.
export function Disable2faScreen() {
  const t = useTranslations();
  const [code, setCode] = useState("");
  // A session signed in a while ago is asked for the password too (the server says so).
  const [password, setPassword] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useRedirectAfter(done);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t("disable2fa.invalidCode"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await authApi.disable2fa(password ? { code, password } : { code });
      setDone(true);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "reauthRequired" && password === null) setPassword("");
      setError(apiErrorText(t, failure, t("disable2fa.failed")));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <p role="status" className="max-w-xl rounded-md bg-green-50 px-3 py-2 text-green-900">
        {t("disable2fa.done")}
      </p>
    );
  }
  return (
    <Form onSubmit={submit} className="flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("disable2fa.title")}</h1>
      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {t("disable2fa.warning")}
      </p>
      <CodeField
        label={t("disable2fa.code")}
        value={code}
        digitsOnly
        onChange={(next) => {
          setCode(next);
          setError(null);
        }}
      />
      {password !== null && (
        <div className="max-w-72">
          <Field
            id="disable-password"
            label={t("setup2fa.password")}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
          />
        </div>
      )}
      {error && <ErrorNotice>{error}</ErrorNotice>}
      <div className="flex gap-3">
        <button type="submit" disabled={busy || code.length !== 6 || password === ""} className={button("danger")}>
          {t("disable2fa.submit")}
        </button>
        <Link href="/dashboard" className={button("secondary")}>
          {t("disable2fa.cancel")}
        </Link>
      </div>
    </Form>
  );
}
