"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { authApi, type CurrentUser } from "@/lib/client/api";
import { ApiError } from "@/lib/client/api-client";
import { clearSession, loginPathFrom, readAccessToken, SESSION_KEY } from "@/lib/client/session";
import { button } from "@/components/ui/button";

type UserState = { user: CurrentUser; reload: () => Promise<void> };
const UserContext = createContext<UserState | null>(null);

export function useCurrentUser(): UserState {
  const state = useContext(UserContext);
  if (!state) throw new Error("useCurrentUser outside AuthGuard");
  return state;
}

/** Whether a failure is the server saying the session is not valid (the one refresh could not cure it). */
const refused = (error: unknown) => error instanceof ApiError && error.status === 401;

// Every signed-in route: checks for a stored session, asks
// the server who is signed in, shows Loading meanwhile, and sends the user to
// /login (with the session cleared) when the server refuses it. A check that
// got no answer (the page left while it ran, the network dropped, the server
// failed) keeps the session: the page says the server cannot be reached,
// offers Retry, and tries again by itself when the browser is back online.
// Signing out in one tab signs out the others.
export function AuthGuard({ children }: { children: ReactNode }) {
  const t = useTranslations("common");
  const router = useRouter();
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [unreachable, setUnreachable] = useState(false);

  // Back to this page after signing in (a scanned tag opens a repair this way).
  const toLogin = useCallback(() => router.replace(loginPathFrom(window.location)), [router]);
  const check = useCallback(
    () =>
      authApi.me().then(
        (me) => {
          setUser(me);
          setUnreachable(false);
        },
        (error: unknown) => {
          if (!refused(error)) return setUnreachable(true);
          clearSession();
          toLogin();
        },
      ),
    [toLogin],
  );

  useEffect(() => {
    if (!readAccessToken()) {
      toLogin();
      return;
    }
    check();
    // Once, on entering the signed-in area.
  }, [check, toLogin]);

  useEffect(() => {
    const online = () => {
      if (unreachable) check();
    };
    // Another tab signed out (or its session was refused): this one follows.
    const storage = (event: StorageEvent) => {
      if ((event.key === SESSION_KEY || event.key === null) && !readAccessToken()) toLogin();
    };
    window.addEventListener("online", online);
    window.addEventListener("storage", storage);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("storage", storage);
    };
  }, [unreachable, check, toLogin]);

  if (!user) {
    if (unreachable) {
      return (
        <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
          <p className="text-slate-800">{t("unreachable")}</p>
          <p className="text-sm text-slate-600">{t("retryHint")}</p>
          <button type="button" onClick={check} className={button("primary")}>
            {t("retry")}
          </button>
        </div>
      );
    }
    return (
      <p role="status" className="p-8 text-center text-slate-600">
        {t("loading")}
      </p>
    );
  }
  return <UserContext.Provider value={{ user, reload: check }}>{children}</UserContext.Provider>;
}
