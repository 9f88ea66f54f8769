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

export function clearSession() {
  for (const key of ["accessToken", "refreshToken", "user"]) storage()?.removeItem(key);
}
