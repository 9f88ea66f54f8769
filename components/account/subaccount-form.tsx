"use client";

import { useTranslations } from "next-intl";
import { Fragment, useState, type FormEvent } from "react";
import { apiRequest, ApiError } from "@/lib/api-client";
import { emailError, newPasswordError } from "@/lib/auth/rules";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { useRedirectAfter } from "./use-redirect-after";
import { ErrorNotice } from "@/components/ui/notice";

const FIELDS = ["name", "email", "password", "confirmPassword"] as const;
type FieldName = (typeof FIELDS)[number];
const EMPTY: Record<FieldName, string> = { name: "", email: "", password: "", confirmPassword: "" };
const TYPES: Record<FieldName, string> = { name: "text", email: "email", password: "password", confirmPassword: "password" };
const AUTOCOMPLETE: Record<FieldName, string> = { name: "off", email: "off", password: "new-password", confirmPassword: "new-password" };

// SPEC section 2, /create-subaccount.
export function SubaccountForm() {
  const t = useTranslations();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  useRedirectAfter(done);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = Object.fromEntries(
      Object.entries({
        name: values.name.trim() ? undefined : t("errors.nameRequired"),
        email: fieldErrorText(t, emailError(values.email)),
        password: fieldErrorText(t, newPasswordError(values.password)),
        confirmPassword: values.confirmPassword === values.password ? undefined : t("errors.passwordsDoNotMatch"),
      }).filter(([, v]) => v),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await apiRequest("/auth/create-subaccount", { body: { name: values.name, email: values.email, password: values.password } });
      setValues(EMPTY);
      setDone(true);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, code]) => [k, fieldErrorText(t, code)])));
      setFailure(apiErrorText(t, error, t("subaccount.failed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("subaccount.title")}</h1>
      <p className="text-sm text-slate-600">{t("subaccount.limit")}</p>
      {FIELDS.map((field) => (
        <Fragment key={field}>
          <Field
            id={`subaccount-${field}`}
            label={t(`subaccount.${field}`)}
            type={TYPES[field]}
            autoComplete={AUTOCOMPLETE[field]}
            value={values[field]}
            error={errors[field]}
            onChange={(e) => {
              setValues((current) => ({ ...current, [field]: e.target.value }));
              setErrors((current) => ({ ...current, [field]: undefined }));
              setDone(false);
            }}
          />
          {field === "password" && <PasswordChecklist password={values.password} />}
        </Fragment>
      ))}
      {done && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          {t("success.subaccountCreated")}
        </p>
      )}
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
      <button type="submit" disabled={busy} className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60">
        {busy ? t("subaccount.submitting") : t("subaccount.submit")}
      </button>
    </form>
  );
}
