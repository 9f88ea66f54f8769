import type { ReactNode } from "react";
import { AuthGuard } from "@/components/session/auth-guard";

// Print-only pages: signed in, without the app's header and navigation.
export default function PrintLayout({ children }: { children: ReactNode }) {
  return <AuthGuard>{children}</AuthGuard>;
}
