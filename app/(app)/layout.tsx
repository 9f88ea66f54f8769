import type { ReactNode } from "react";
import { AuthGuard } from "@/components/session/auth-guard";
import { AppShell } from "@/components/shell/app-shell";

export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <AuthGuard>
      <AppShell>{children}</AppShell>
    </AuthGuard>
  );
}
