"use client";

import { Field } from "@/components/ui/field";

/** A 6-character 2FA code input, labelled. `digitsOnly` drops anything that is not a digit as it is typed. */
export function CodeField({
  label,
  value,
  onChange,
  digitsOnly = false,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  digitsOnly?: boolean;
}) {
  return (
    <Field
      label={label}
      value={value}
      onChange={(e) => onChange(digitsOnly ? e.target.value.replace(/\D/g, "").slice(0, 6) : e.target.value)}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      className="max-w-64 tracking-widest"
    />
  );
}
