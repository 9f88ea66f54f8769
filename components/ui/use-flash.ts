"use client";

import { useEffect, useState } from "react";

/** Success messages clear after 3 s; status-change errors after 5 s. */
export const SUCCESS_MS = 3_000;
export const STATUS_ERROR_MS = 5_000;

/** `action`: a button in the message (such as Undo), for as long as it shows; `links`: what to do next (print, WhatsApp). */
export type Flash = {
  kind: "error" | "success";
  text: string;
  clearAfterMs?: number;
  action?: { label: string; run: () => void };
  links?: { label: string; href: string; apart?: true }[];
};

export function useFlash() {
  const [flash, setFlash] = useState<Flash | null>(null);
  useEffect(() => {
    const after = flash?.clearAfterMs ?? (flash?.kind === "success" ? SUCCESS_MS : undefined);
    if (after === undefined) return;
    const timer = setTimeout(() => setFlash(null), after);
    return () => clearTimeout(timer);
  }, [flash]);
  return [flash, setFlash] as const;
}
