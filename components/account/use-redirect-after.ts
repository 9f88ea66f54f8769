"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** After 2FA or subaccount success the user goes to /dashboard after 2 seconds. */
export const REDIRECT_DELAY_MS = 2_000;

export function useRedirectAfter(when: boolean, to = "/dashboard") {
  const router = useRouter();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => router.push(to), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [when, to, router]);
}
