"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { authApi, type CurrentUser } from "@/lib/client/api";
import { clearSession, loginPathFrom, readAccessToken } from "@/lib/client/session";

type UserState = { user: CurrentUser; reload: () => Promise<void> };
const UserContext = createContext<UserState | null>(null);

export function useCurrentUser(): UserState {
  const state = useContext(UserContext);
  if (!state) throw new Error("useCurrentUser outside AuthGuard");
  return state;
}

// Every signed-in route (SPEC section 2): checks for a stored session, asks
// the server who is signed in, shows Loading meanwhile, and sends the user to
// /login (with the session cleared) when that fails.
export function AuthGuard({ children }: { children: ReactNode }) {
  const t = useTranslations("common");
  const router = useRouter();
  const [user, setUser] = useState<CurrentUser | null>(null);

  // Back to this page after signing in (a scanned tag opens a repair this way).
  const toLogin = () => router.replace(loginPathFrom(window.location));
  const signOut = () => {
    clearSession();
    toLogin();
  };
  const load = () => authApi.me().then(setUser, signOut);

  useEffect(() => {
    if (!readAccessToken()) {
      toLogin();
      return;
    }
    authApi.me().then(setUser, signOut);
    // Once, on entering the signed-in area.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!user) {
    return (
      <p role="status" className="p-8 text-center text-slate-600">
        {t("loading")}
      </p>
    );
  }
  return <UserContext.Provider value={{ user, reload: load }}>{children}</UserContext.Provider>;
}
