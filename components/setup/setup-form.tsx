"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Fragment, useState, type FormEvent } from "react";
import { apiRequest } from "@/lib/api-client";
import { emailError, newPasswordError } from "@/lib/auth/rules";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { ErrorNotice } from "@/components/ui/notice";

const FIELDS = ["shopName", "name", "email", "password", "confirmPassword"] as const;
type FieldName = (typeof FIELDS)[number];

// The first-run screen: creates the first shop and its main account, once.
export function SetupForm({ token }: { token: string }) {
  const t = useTranslations();
  const [values, setValues] = useState<Record<FieldName, string>>({
    shopName: "",
    name: "",
    email: "",
    password: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  function validate(): Partial<Record<FieldName, string>> {
    const found: Partial<Record<FieldName, string>> = {
      shopName: values.shopName.trim() ? undefined : t("errors.shopNameRequired"),
      name: values.name.trim() ? undefined : t("errors.nameRequired"),
      email: fieldErrorText(t, emailError(values.email)),
      password: fieldErrorText(t, newPasswordError(values.password)),
      confirmPassword: values.confirmPassword === values.password ? undefined : t("errors.passwordsDoNotMatch"),
    };
    return Object.fromEntries(Object.entries(found).filter(([, v]) => v));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const { shopName, name, email, password } = values;
      await apiRequest("/setup", { body: { token, shopName, name, email, password }, auth: false });
      setDone(true);
    } catch (error) {
      setFailure(apiErrorText(t, error, t("setup.failed")));
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
        <Link href="/login" className="rounded-md bg-blue-700 px-4 py-2 text-center font-medium text-white hover:bg-blue-800">
          {t("setup.goToLogin")}
        </Link>
      </div>
    );
  }

  const types: Record<FieldName, string> = {
    shopName: "text",
    name: "text",
    email: "email",
    password: "password",
    confirmPassword: "password",
  };
  const autoComplete: Record<FieldName, string> = {
    shopName: "organization",
    name: "name",
    email: "username",
    password: "new-password",
    confirmPassword: "new-password",
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{t("setup.intro")}</p>
      {FIELDS.map((field) => (
        <Fragment key={field}>
          <Field
            id={`setup-${field}`}
            label={t(`setup.${field}`)}
            type={types[field]}
            autoComplete={autoComplete[field]}
            value={values[field]}
            error={errors[field]}
            onChange={(e) => {
              setValues((current) => ({ ...current, [field]: e.target.value }));
              setErrors((current) => ({ ...current, [field]: undefined }));
            }}
          />
          {field === "password" && <PasswordChecklist password={values.password} />}
        </Fragment>
      ))}
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {busy ? t("setup.submitting") : t("setup.submit")}
      </button>
    </form>
  );
}
