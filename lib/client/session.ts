// The signed-in session as the spec keeps it: in localStorage (accessToken,
// refreshToken, user; the language separately, so it outlives the session).

export type StoredUser = {
  email: string;
  name?: string;
  role: "owner" | "staff";
  language: "en" | "es" | "ca";
  shopId: string;
  twofa_enabled: boolean;
};

export type LoginTokens = { accessToken: string; refreshToken: string; user: StoredUser };

const storage = () => (typeof window === "undefined" ? null : window.localStorage);

export const readAccessToken = () => storage()?.getItem("accessToken") ?? null;
export const readRefreshToken = () => storage()?.getItem("refreshToken") ?? null;

export function saveTokens(tokens: { accessToken: string; refreshToken: string }) {
  storage()?.setItem("accessToken", tokens.accessToken);
  storage()?.setItem("refreshToken", tokens.refreshToken);
}

export function saveLogin(login: LoginTokens) {
  saveTokens(login);
  storage()?.setItem("user", JSON.stringify(login.user));
}

/** The stored key whose going means "signed out" (other tabs watch it). */
export const SESSION_KEY = "accessToken";

export function clearSession() {
  for (const key of ["accessToken", "refreshToken", "user"]) storage()?.removeItem(key);
}

/**
 * Where sign-in sends the user: back to the signed-in page that sent them to
 * /login (a scanned tag's /repairs/{id}, say), given as ?next=, when it is a
 * path of this site; else the dashboard.
 */
export function pathAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get("next");
  // Browsers drop tabs and line breaks from a URL (`/\t/evil` is `//evil`):
  // a path holding any control character or space is refused outright.
  if (!next || !next.startsWith("/") || /[\p{Cc}\p{Zs}\\]/u.test(next)) return "/dashboard";
  // Resolved as the browser will resolve it: it must stay on this site, and
  // what is returned must still be a path once resolved (`/.//evil.example`
  // resolves to `//evil.example`, which a browser reads as another host).
  const url = new URL(next, SELF);
  const path = url.pathname;
  if (url.origin !== SELF || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/login"))
    return "/dashboard";
  return path + url.search + url.hash;
}

/** A stand-in for this site's own origin, to resolve `next` against. */
const SELF = "http://this-site.invalid";

/** /login, remembering the signed-in page the user was headed for. */
/** Why the sign-in screen is shown instead of the one asked for (it says so). */
export const SIGN_IN_REASONS = ["sessionExpired", "accountRemoved"] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];

export function loginPathFrom(location: { pathname: string; search: string }, why?: SignInReason): string {
  const here = location.pathname + location.search;
  const query = new URLSearchParams();
  // The dashboard is where sign-in leads anyway.
  if (!(here === "/" || here === "/dashboard" || here.startsWith("/login"))) query.set("next", here);
  if (why) query.set("ended", why);
  return query.size ? `/login?${query}` : "/login";
}

/** The reason a sign-in screen's address gives (?ended=), if it is one of ours. */
export function signInReason(search: string): SignInReason | null {
  const why = new URLSearchParams(search).get("ended");
  return (SIGN_IN_REASONS as readonly string[]).includes(why ?? "") ? (why as SignInReason) : null;
}

/**
 * Sign-in with a recovery code says how many are left on the first screen
 * after it: kept for that screen only, in this tab.
 */
export function rememberRecoveryCodesLeft(left: number): void {
  if (typeof window !== "undefined") window.sessionStorage.setItem("recoveryCodesLeft", String(left));
}

export function takeRecoveryCodesLeft(): number | null {
  if (typeof window === "undefined") return null;
  const left = window.sessionStorage.getItem("recoveryCodesLeft");
  window.sessionStorage.removeItem("recoveryCodesLeft");
  return left === null ? null : Number(left);
}
