import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { INPUT } from "./input-style";

// The form parts every form is made of: a text (Field), an amount, a date,
// a select, a textarea and a group of checkboxes, each with its label over
// it and its hint and error under it, tied to the control for screen readers.

type Frame = {
  label: ReactNode;
  /** Said under the control, in plain text. */
  hint?: ReactNode;
  /** The error, said under the control in red; the control is marked invalid. */
  error?: string | null | false;
  /** Across both columns of a two-column form. */
  wide?: boolean;
};

/**
 * A label over its control, the hint and error under it: `props` are the
 * frame's (label, hint, error, wide, id) and the control's own, which
 * `control` gets with the INPUT look and the ids that tie them.
 */
function Labelled<A extends { className?: string; id?: string }>(
  { label, hint, error, wide, id, ...props }: Frame & A,
  control: (attributes: A) => ReactNode,
) {
  const made = useId();
  const controlId = id ?? made;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const { className, ...own } = props as unknown as A;
  return (
    <div className={`flex flex-col gap-1 ${wide ? "sm:col-span-2" : ""}`}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({
        ...own,
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        className: `${INPUT} ${className ?? ""}`,
      } as unknown as A)}
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
export function Field(props: Frame & InputHTMLAttributes<HTMLInputElement>) {
  return Labelled<InputHTMLAttributes<HTMLInputElement>>(props, (input) => <input {...input} />);
}

/** An amount or measure, typed as the language writes it ("90,5"): the keyboard with a decimal sign. */
export function MoneyField(props: Frame & InputHTMLAttributes<HTMLInputElement>) {
  return <Field inputMode="decimal" autoComplete="off" {...props} />;
}

/** A calendar date typed as dd/mm/yyyy (the form masks it as it is typed). */
export function DateField(props: Frame & InputHTMLAttributes<HTMLInputElement>) {
  return <Field inputMode="numeric" maxLength={10} autoComplete="off" {...props} />;
}

type Option = { value: string; label: string; disabled?: boolean };

/** A labelled select of `options`, with an empty first choice when `blank` says how it reads. */
export function SelectField({
  options,
  blank,
  ...props
}: Frame & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly Option[]; blank?: string }) {
  return Labelled<SelectHTMLAttributes<HTMLSelectElement>>(props, (select) => (
    <select {...select}>
      {blank !== undefined && <option value="">{blank}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  ));
}

/** A labelled text of several lines. */
export function AreaField(props: Frame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return Labelled<TextareaHTMLAttributes<HTMLTextAreaElement>>(props, (area) => <textarea rows={2} {...area} />);
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
