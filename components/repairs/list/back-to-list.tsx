"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { rememberedListHref, returnToList } from "./list-memory";

/** "Back to repairs": to the list as it was left (its search, filter, rows and place). */
export function BackToList({ className, children }: { className: string; children: ReactNode }) {
  const [href] = useState(() => (typeof window === "undefined" ? "/repairs" : rememberedListHref()));
  return (
    <Link href={href} className={className} onClick={returnToList}>
      {children}
    </Link>
  );
}
