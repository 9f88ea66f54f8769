"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/i18n/config";
import { useState, type FormEvent } from "react";
import { authApi } from "@/lib/client/api";
import { accountErrors, NewAccountFields, type AccountField } from "@/components/auth/new-account-fields";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { ErrorNotice } from "@/components/ui/notice";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";

const FIELDS = ["shopName", "name", "email", "password", "confirmPassword"] as const;
type FieldName = AccountField;

// The first-run screen: creates the first shop and its main account, once.
export function SetupForm({ token }: { token: string }) {
  const t = useTranslations();
  // The language the page is used in: the shop's and its owner's from now on.
  const locale = useLocale() as Locale;
  const [values, setValues] = useState<Record<FieldName, string>>({
    shopName: "",
    name: "",
    email: "",
    password: "",
    confirmPassword: "",
  });
  // Codes and the failed call, not texts: a language switch re-reads them.
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = accountErrors(FIELDS, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const { shopName, name, email, password } = values;
      await authApi.setup({ token, shopName, name, email, password, language: locale });
      setDone(true);
    } catch (error) {
      setFailure({ error });
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          {t("setup.done")}
        </p>
        <Link href="/login" className={button("primary", "text-center")}>
          {t("setup.goToLogin")}
        </Link>
      </div>
    );
  }

  return (
    <Form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{t("setup.intro")}</p>
      <NewAccountFields
        idPrefix="setup"
        ownAccount
        fields={FIELDS}
        values={values}
        errors={Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, fieldErrorText(t, code)]))}
        label={(field) => t(`setup.${field as FieldName}`)}
        onChange={(field, value) => {
          setValues((current) => ({ ...current, [field]: value }));
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
      />
      {failure && <ErrorNotice>{apiErrorText(t, failure.error, t("setup.failed"))}</ErrorNotice>}
      <button type="submit" disabled={busy} className={button("primary")}>
        {busy ? t("setup.submitting") : t("setup.submit")}
      </button>
    </Form>
  );
}
