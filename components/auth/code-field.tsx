"use client";

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
    <label className="flex max-w-64 flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <input
        value={value}
        onChange={(e) => onChange(digitsOnly ? e.target.value.replace(/\D/g, "").slice(0, 6) : e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="rounded-md border border-slate-300 px-3 py-2 text-base tracking-widest"
      />
    </label>
  );
}
