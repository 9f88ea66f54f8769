"use client";

import { Fragment } from "react";
import type { ErrorCode } from "@/lib/errors";
import { emailError, newPasswordError } from "@/lib/auth/rules";
import { Field } from "@/components/ui/field";
import { PasswordChecklist } from "./password-checklist";

// The fields of a new account (first-run setup and staff accounts): each
// labelled, the live password checklist under the password, and one check
// that reports the spec's first failing rule of each field as an error code.

export type AccountField = "shopName" | "name" | "email" | "password" | "confirmPassword";
export type AccountValues = Partial<Record<AccountField, string>>;

const TYPES: Record<AccountField, string> = {
  shopName: "text",
  name: "text",
  email: "email",
  password: "password",
  confirmPassword: "password",
};
const AUTOCOMPLETE: Record<AccountField, string> = {
  shopName: "organization",
  name: "off",
  email: "off",
  password: "new-password",
  confirmPassword: "new-password",
};
// The signer's own account: a password manager may keep it. Someone else's: not.
const OWN_ACCOUNT: Partial<Record<AccountField, string>> = { name: "name", email: "username" };

export function accountErrors(
  fields: readonly AccountField[],
  values: AccountValues,
): Partial<Record<AccountField, ErrorCode>> {
  const value = (field: AccountField) => values[field] ?? "";
  const code: Record<AccountField, () => ErrorCode | null> = {
    shopName: () => (value("shopName").trim() ? null : "shopNameRequired"),
    name: () => (value("name").trim() ? null : "nameRequired"),
    email: () => emailError(value("email")),
    password: () => newPasswordError(value("password")),
    confirmPassword: () => (value("confirmPassword") === value("password") ? null : "passwordsDoNotMatch"),
  };
  return Object.fromEntries(fields.flatMap((field) => (code[field]() ? [[field, code[field]()]] : [])));
}

export function NewAccountFields({
  idPrefix,
  fields,
  values,
  errors,
  label,
  onChange,
  ownAccount = false,
}: {
  idPrefix: string;
  fields: readonly AccountField[];
  values: AccountValues;
  errors: Partial<Record<AccountField, string>>;
  label: (field: AccountField) => string;
  onChange: (field: AccountField, value: string) => void;
  ownAccount?: boolean;
}) {
  return fields.map((field) => (
    <Fragment key={field}>
      <Field
        id={`${idPrefix}-${field}`}
        label={label(field)}
        type={TYPES[field]}
        autoComplete={(ownAccount && OWN_ACCOUNT[field]) || AUTOCOMPLETE[field]}
        value={values[field] ?? ""}
        error={errors[field]}
        onChange={(e) => onChange(field, e.target.value)}
      />
      {field === "password" && <PasswordChecklist password={values.password ?? ""} />}
    </Fragment>
  ));
}
