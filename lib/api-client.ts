// The one way screens talk to the server (SPEC section 7): JSON under /api,
// with the bearer token from local storage. Errors carry the server's text and
// stable code, so a screen can show a translation or the server's words.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string | undefined,
    readonly fields?: Record<string, string>,
  ) {
    super(message ?? `Request failed (${status})`);
    this.name = "ApiError";
  }
  /** The server's own text, when it sent one. */
  get serverText(): string | undefined {
    return this.code || this.status < 500 ? this.message : undefined;
  }
}

type Options = { method?: string; body?: unknown; auth?: boolean };

export async function apiRequest<T>(path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const token = options.auth === false ? null : readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, undefined, undefined);
  }
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const text = typeof data?.error === "string" ? data.error : undefined;
    const code = typeof data?.code === "string" ? data.code : undefined;
    throw new ApiError(response.status, code, text, data?.fields as Record<string, string> | undefined);
  }
  return data as T;
}

function readStoredToken(): string | null {
  return typeof window === "undefined" ? null : window.localStorage.getItem("accessToken");
}
