"use client";

import { useEffect } from "react";

// A module of its own: the list's and the repair page's first load take it,
// the answers' banner (./customer-answers.tsx) loads after.

/** The event the repair's page and the list hear to read again the repairs a customer's answer changed. */
export const ANSWERED = "customer-answered";

/** Calls `read` when a customer's answer changed one of these repairs (any of them when not said). */
export function useOnAnswer(read: () => void, ids?: readonly string[]) {
  const key = ids?.join(",");
  useEffect(() => {
    const heard = (event: Event) => {
      const changed = (event as CustomEvent<string[]>).detail;
      if (key === undefined || changed.some((id) => key.split(",").includes(id))) read();
    };
    window.addEventListener(ANSWERED, heard);
    return () => window.removeEventListener(ANSWERED, heard);
  }, [read, key]);
}
