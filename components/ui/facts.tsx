import type { ReactNode } from "react";

/**
 * Label and value pairs: side by side from 640 px, one under the other on a
 * phone, so a long label never squeezes its value to a word per line. Values
 * may break anywhere only when nothing else fits (a serial number, a URL), so
 * the page never scrolls sideways.
 */
export function Facts({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <dl className={`grid grid-cols-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-6 sm:gap-y-2 ${className}`}>
      {children}
    </dl>
  );
}

export function Fact({ label, value, className = "" }: { label: string; value: ReactNode; className?: string }) {
  return (
    <>
      <dt className="mt-2 text-slate-600 first:mt-0 sm:mt-0">{label}</dt>
      <dd className={`min-w-0 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere] ${className}`}>
        {value ?? "—"}
      </dd>
    </>
  );
}

/**
 * An email or an id that may wrap at its natural joints (after "@", ".", "-")
 * rather than mid-word, on a narrow screen.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[@.\-_])/);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </span>
      ))}
    </>
  );
}
