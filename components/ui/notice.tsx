import type { ReactNode } from "react";
import type { Flash } from "./use-flash";

/** An error the user must read: announced at once. */
export function ErrorNotice({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}>
      {children}
    </p>
  );
}

/** A success: announced politely. */
export function SuccessNotice({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={`rounded-md bg-green-50 px-3 py-2 text-sm text-green-900 ${className}`}>
      {children}
    </p>
  );
}

export function FlashNotice({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  if (flash.kind === "error") return <ErrorNotice>{flash.text}</ErrorNotice>;
  return (
    <SuccessNotice>
      {flash.text}
      {flash.action && (
        <button type="button" onClick={flash.action.run} className="ml-3 font-medium underline">
          {flash.action.label}
        </button>
      )}
      {flash.links?.map((link) => (
        <a
          key={link.href}
          href={link.href}
          {...(link.apart ? { target: "_blank", rel: "noreferrer" } : {})}
          className="ml-3 font-medium underline"
        >
          {link.label}
        </a>
      ))}
    </SuccessNotice>
  );
}
