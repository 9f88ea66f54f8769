"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { authApi } from "@/lib/client/api";
import { emailError } from "@/lib/auth/rules";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { ErrorNotice, SuccessNotice } from "@/components/ui/notice";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";

// "Forgot password": with mail set up, a link to choose a new one is mailed
// (the same answer whether the email has an account or not); without, the
// page says whom to ask.
export function ForgotPasswordForm({ mailConfigured }: { mailConfigured: boolean }) {
  const t = useTranslations();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const back = (
    <Link href="/login" className="text-sm text-blue-800 underline">
      {t("forgotPassword.back")}
    </Link>
  );
  if (!mailConfigured) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">{t("forgotPassword.noMail")}</p>
        {back}
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = fieldErrorText(t, emailError(email));
    setFieldError(problem);
    if (problem) return;
    setBusy(true);
    setError(null);
    try {
      await authApi.forgotPassword(email.trim());
      setSent(true);
    } catch (failure) {
      setError(apiErrorText(t, failure, t("forgotPassword.failed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {sent ? (
        <SuccessNotice>{t("success.resetLinkSent")}</SuccessNotice>
      ) : (
        <>
          <p className="text-slate-700">{t("forgotPassword.explain")}</p>
          <Field
            id="email"
            label={t("login.email")}
            type="email"
            autoComplete="username"
            value={email}
            error={fieldError}
            onChange={(e) => {
              setEmail(e.target.value);
              setFieldError(undefined);
            }}
          />
          {error && <ErrorNotice>{error}</ErrorNotice>}
          <button type="submit" disabled={busy} className={button("primary")}>
            {t("forgotPassword.submit")}
          </button>
        </>
      )}
      {back}
    </Form>
  );
}
