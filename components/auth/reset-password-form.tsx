"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { authApi } from "@/lib/client/api";
import { newPasswordError } from "@/lib/auth/rules";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { ErrorNotice, SuccessNotice } from "@/components/ui/notice";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";

// The mailed link's page: a new password, twice; then every session of the
// account has ended and the user signs in with it.
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      password: fieldErrorText(t, newPasswordError(password)),
      confirm: confirm === password ? undefined : t("errors.passwordsDoNotMatch"),
    };
    setFieldErrors(errors);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      await authApi.resetPassword({ token, password });
      setDone(true);
    } catch (failure) {
      setError(apiErrorText(t, failure, t("resetPassword.failed")));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <SuccessNotice>{t("success.passwordChanged")}</SuccessNotice>
        <Link href="/login" className={button("primary", "text-center")}>
          {t("login.submit")}
        </Link>
      </div>
    );
  }

  return (
    <Form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        id="new-password"
        label={t("resetPassword.password")}
        type="password"
        autoComplete="new-password"
        value={password}
        error={fieldErrors.password}
        onChange={(e) => {
          setPassword(e.target.value);
          setFieldErrors((current) => ({ ...current, password: undefined }));
        }}
      />
      <PasswordChecklist password={password} />
      <Field
        id="confirm-password"
        label={t("resetPassword.confirm")}
        type="password"
        autoComplete="new-password"
        value={confirm}
        error={fieldErrors.confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          setFieldErrors((current) => ({ ...current, confirm: undefined }));
        }}
      />
      {error && <ErrorNotice>{error}</ErrorNotice>}
      <button type="submit" disabled={busy} className={button("primary")}>
        {t("resetPassword.submit")}
      </button>
      <Link href="/forgot-password" className="text-sm text-blue-800 underline">
        {t("resetPassword.askAgain")}
      </Link>
    </Form>
  );
}
