import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

// The form parts every form is made of: a text (Field), an amount, a date,
// a select, a textarea and a group of checkboxes, each with its label over
// it and its hint and error under it, tied to the control for screen readers.

/** The one look of a text box, select or textarea (red once it is marked invalid). */
export const INPUT =
  "rounded-md border border-slate-300 px-3 py-2 text-base font-normal text-slate-900 aria-[invalid=true]:border-red-600 disabled:bg-slate-100 disabled:text-slate-600";

type Frame = {
  label: ReactNode;
  /** Said under the control, in plain text. */
  hint?: ReactNode;
  /** The error, said under the control in red; the control is marked invalid. */
  error?: string | null | false;
  /** Across both columns of a two-column form. */
  wide?: boolean;
};
type Aria = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** A label over its control, the hint and error under it. */
function Labelled({
  label,
  hint,
  error,
  wide,
  id,
  children,
}: Frame & { id?: string; children: (aria: Aria) => ReactNode }) {
  const made = useId();
  const controlId = id ?? made;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${wide ? "sm:col-span-2" : ""}`}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600" aria-live="polite">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled text input. */
export function Field({
  label,
  hint,
  error,
  wide,
  id,
  className,
  ...input
}: Frame & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Labelled label={label} hint={hint} error={error} wide={wide} id={id}>
      {(aria) => <input {...aria} className={`${INPUT} ${className ?? ""}`} {...input} />}
    </Labelled>
  );
}

/** An amount or measure, typed as the language writes it ("90,5"): the keyboard with a decimal sign. */
export function MoneyField(props: Frame & InputHTMLAttributes<HTMLInputElement>) {
  return <Field inputMode="decimal" autoComplete="off" {...props} />;
}

/** A calendar date typed as dd/mm/yyyy (the form masks it as it is typed). */
export function DateField(props: Frame & InputHTMLAttributes<HTMLInputElement>) {
  return <Field inputMode="numeric" maxLength={10} autoComplete="off" {...props} />;
}

/** A labelled select of `options`, with an empty first choice when `blank` says how it reads. */
export function SelectField({
  label,
  hint,
  error,
  wide,
  id,
  options,
  blank,
  className,
  ...select
}: Frame &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { value: string; label: string; disabled?: boolean }[];
    blank?: string;
  }) {
  return (
    <Labelled label={label} hint={hint} error={error} wide={wide} id={id}>
      {(aria) => (
        <select {...aria} className={`${INPUT} ${className ?? ""}`} {...select}>
          {blank !== undefined && <option value="">{blank}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

/** A labelled text of several lines. */
export function AreaField({
  label,
  hint,
  error,
  wide,
  id,
  className,
  ...area
}: Frame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Labelled label={label} hint={hint} error={error} wide={wide} id={id}>
      {(aria) => <textarea rows={2} {...aria} className={`${INPUT} ${className ?? ""}`} {...area} />}
    </Labelled>
  );
}

/** A group of checkboxes under one legend: the codes chosen among `options`. */
export function ChecksField({
  label,
  error,
  options,
  chosen,
  onToggle,
}: Omit<Frame, "hint" | "wide"> & {
  options: readonly { value: string; label: string }[];
  chosen: ReadonlySet<string>;
  onToggle: (value: string, on: boolean) => void;
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      <div className="mt-1 grid grid-cols-1 gap-1 min-[400px]:grid-cols-2 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.has(option.value)}
              onChange={(e) => onToggle(option.value, e.target.checked)}
              className="h-4 w-4"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
