import { clearSession, loginPathFrom, readAccessToken, readRefreshToken, saveTokens } from "./session";

// The one way screens talk to the server: under /api, with
// the bearer token from localStorage. On a 401 (except from login and refresh)
// the token is refreshed once, shared by every request that failed meanwhile,
// and each is replayed; when the server refuses the refresh the session is
// cleared and the user goes to /login. A request that got no answer (no
// network, an aborted page, a server error) never clears it: it fails with
// status 0, which the screens say as a lost connection. Errors carry the
// server's text and stable code.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    /** The server's own text (its `error` field), whenever it sent one, with a code or without. */
    readonly serverText: string | undefined,
    readonly fields?: Record<string, string>,
  ) {
    super(serverText ?? `Request failed (${status})`);
    this.name = "ApiError";
  }
}

/** Refused because the repair changed since it was read (412, If-Match): the screen reads it again. */
export const isStale = (error: unknown) => error instanceof ApiError && error.code === "repairChanged";

/** `ifMatch`: the repair's version the screen shows; the server refuses the write (412) if it moved on. */
type Options = { method?: string; body?: unknown; auth?: boolean; ifMatch?: number };

const NO_REFRESH = ["/auth/login", "/auth/refresh-token"];

/**
 * What one refresh came to: new tokens, the server refusing the session, or
 * no answer (the network, a server error). Only a refusal ends the session:
 * a request that got no answer says nothing about it.
 */
/** "removed": the shop removed the account (the sign-in screen says so). */
type Refresh = "refreshed" | "refused" | "removed" | "unreachable";
let refreshing: Promise<Refresh> | null = null;

function refreshOnce(): Promise<Refresh> {
  refreshing ??= (async (): Promise<Refresh> => {
    const refreshToken = readRefreshToken();
    if (!refreshToken) return "refused";
    let response: Response;
    try {
      response = await fetch("/api/auth/refresh-token", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ refreshToken }),
      });
    } catch {
      return "unreachable";
    }
    if (response.status >= 500) return "unreachable";
    if (!response.ok) {
      const { code } = (await response.json().catch(() => ({}))) as { code?: string };
      return code === "accountRemoved" ? "removed" : "refused";
    }
    saveTokens(await response.json());
    return "refreshed";
  })()
    .catch((): Refresh => "unreachable")
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function send(path: string, options: Options, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.ifMatch !== undefined) headers["If-Match"] = `"${options.ifMatch}"`;
  return fetch(`/api${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
  });
}

/** The raw response of a call, after the refresh-and-replay dance. */
export async function apiResponse(path: string, options: Options = {}): Promise<Response> {
  const authed = options.auth !== false;
  let token = authed ? readAccessToken() : null;
  let response: Response;
  try {
    response = await send(path, options, token);
    if (response.status === 401 && authed && !NO_REFRESH.includes(path)) {
      // Another request may have refreshed already: then just replay.
      const refreshed = readAccessToken() !== token ? "refreshed" : await refreshOnce();
      if (refreshed === "unreachable") throw new ApiError(0, undefined, undefined);
      if (refreshed === "refused" || refreshed === "removed") {
        clearSession();
        // Leaves whatever screen this was, from wherever the call came (not only event handlers),
        // and comes back to it after signing in (a form being typed keeps its draft); the
        // sign-in screen says why it is shown.
        const why = refreshed === "removed" ? "accountRemoved" : "sessionExpired";
        window.location.assign(loginPathFrom(window.location, why));
        throw new ApiError(401, why, undefined);
      }
      token = readAccessToken();
      response = await send(path, options, token);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, undefined, undefined);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const text = typeof data?.error === "string" ? data.error : undefined;
    const code = typeof data?.code === "string" ? data.code : undefined;
    throw new ApiError(response.status, code, text, data?.fields as Record<string, string> | undefined);
  }
  return response;
}

export async function apiRequest<T>(path: string, options: Options = {}): Promise<T> {
  return (await (await apiResponse(path, options)).json()) as T;
}
