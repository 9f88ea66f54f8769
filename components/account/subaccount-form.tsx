"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { authApi } from "@/lib/client/api";
import { ApiError } from "@/lib/client/api-client";
import { accountErrors, NewAccountFields } from "@/components/auth/new-account-fields";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { ErrorNotice } from "@/components/ui/notice";
import { MAX_ACCOUNTS_PER_SHOP } from "@/lib/accounts/limits";
import { useCurrentUser } from "@/components/session/auth-guard";
import { useRedirectAfter } from "./use-redirect-after";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";

const FIELDS = ["name", "email", "password", "confirmPassword"] as const;
type FieldName = (typeof FIELDS)[number];
const EMPTY: Record<FieldName, string> = { name: "", email: "", password: "", confirmPassword: "" };

// /create-subaccount.
export function SubaccountForm() {
  const t = useTranslations();
  const { user } = useCurrentUser();
  const [values, setValues] = useState(EMPTY);
  // Codes and the failed call, not texts: a language switch re-reads them.
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  // The new account's email, shown under the confirmation.
  const [created, setCreated] = useState<string | null>(null);
  const done = created !== null;
  const [busy, setBusy] = useState(false);
  useRedirectAfter(done);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = accountErrors(FIELDS, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await authApi.createSubaccount({
        name: values.name,
        email: values.email,
        password: values.password,
      });
      setValues(EMPTY);
      setCreated(answer.user.email);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields) setErrors(fields);
      setFailure({ error });
    } finally {
      setBusy(false);
    }
  }

  // Staff, or a full shop, are told so before anyone fills the form in (the server refuses anyway).
  const refusal =
    user.role !== "owner"
      ? t("accounts.ownerOnlyAccounts")
      : user.shop_accounts >= MAX_ACCOUNTS_PER_SHOP && !done
        ? t("subaccount.limitReached")
        : null;
  if (refusal) {
    return (
      <div className="flex max-w-md flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t("subaccount.title")}</h1>
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          {refusal}
        </p>
      </div>
    );
  }

  return (
    <Form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("subaccount.title")}</h1>
      <p className="text-sm text-slate-600">{t("subaccount.limit")}</p>
      <NewAccountFields
        idPrefix="subaccount"
        fields={FIELDS}
        values={values}
        errors={Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, fieldErrorText(t, code)]))}
        label={(field) => t(`subaccount.${field as FieldName}`)}
        onChange={(field, value) => {
          setValues((current) => ({ ...current, [field]: value }));
          setErrors((current) => ({ ...current, [field]: undefined }));
          setCreated(null);
        }}
      />
      {done && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          {t("success.subaccountCreated")}
          <br />
          <span className="font-medium">{created}</span>
        </p>
      )}
      {failure && <ErrorNotice>{apiErrorText(t, failure.error, t("subaccount.failed"))}</ErrorNotice>}
      <button type="submit" disabled={busy} className={button("primary")}>
        {busy ? t("subaccount.submitting") : t("subaccount.submit")}
      </button>
    </Form>
  );
}
