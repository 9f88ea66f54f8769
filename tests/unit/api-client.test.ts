import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "@/lib/client/api-client";
import { apiErrorText } from "@/components/ui/error-text";

// The client's session handling, against a stand-in server: one refresh for
// every call that failed meanwhile, each call replayed, and a clean sign-out
// when the refresh fails.

const store = new Map<string, string>();
let refreshCalls = 0;
let refreshWorks = true;
/** How the refresh goes when it does not work: refused by the server, no answer, or a server error. */
let refreshFailure: "refused" | "network" | "server" = "refused";
const assign = vi.fn();

beforeEach(() => {
  store.clear();
  refreshCalls = 0;
  refreshWorks = true;
  refreshFailure = "refused";
  assign.mockReset();
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    },
    location: { assign, pathname: "/repairs/42", search: "?tab=photos" },
  });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    if (url === "/api/auth/refresh-token") {
      refreshCalls++;
      await new Promise((r) => setTimeout(r, 20));
      if (!refreshWorks && refreshFailure === "network") throw new TypeError("Failed to fetch");
      if (!refreshWorks && refreshFailure === "server") return new Response("Bad gateway", { status: 502 });
      return refreshWorks
        ? Response.json({ accessToken: "fresh", refreshToken: "next" })
        : Response.json(
            { error: "Your session has expired. Please sign in again.", code: "sessionExpired" },
            { status: 401 },
          );
    }
    const auth = (init.headers as Record<string, string>).Authorization;
    return auth === "Bearer fresh"
      ? Response.json({ path: url })
      : Response.json({ error: "Please sign in to continue", code: "unauthorized" }, { status: 401 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("refreshes once for all the calls that failed together, and replays each", async () => {
    store.set("accessToken", "expired");
    store.set("refreshToken", "old");
    const answers = await Promise.all([apiRequest("/repairs"), apiRequest("/auth/me"), apiRequest("/settings")]);
    expect(answers).toEqual([{ path: "/api/repairs" }, { path: "/api/auth/me" }, { path: "/api/settings" }]);
    expect(refreshCalls).toBe(1);
    expect(store.get("accessToken")).toBe("fresh");
    expect(store.get("refreshToken")).toBe("next");
  });

  it("clears the session and goes to /login when the refresh fails", async () => {
    refreshWorks = false;
    store.set("accessToken", "expired");
    store.set("refreshToken", "old");
    store.set("user", "{}");
    store.set("language", "ca");
    await expect(apiRequest("/repairs")).rejects.toMatchObject({ status: 401 });
    expect([...store.keys()]).toEqual(["language"]);
    // Back to the same page after signing in again (a form being typed keeps its draft); the sign-in says why.
    expect(assign).toHaveBeenCalledWith("/login?next=%2Frepairs%2F42%3Ftab%3Dphotos&ended=sessionExpired");
  });

  it.each(["network", "server"] as const)(
    "keeps the session when the refresh gets no answer (%s), failing the call as a lost connection",
    async (failure) => {
      refreshWorks = false;
      refreshFailure = failure;
      store.set("accessToken", "expired");
      store.set("refreshToken", "old");
      await expect(apiRequest("/repairs")).rejects.toMatchObject({ status: 0 });
      expect(store.get("accessToken")).toBe("expired");
      expect(store.get("refreshToken")).toBe("old");
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it("never refreshes for the login call itself", async () => {
    await expect(apiRequest("/auth/login", { body: {}, auth: false })).rejects.toMatchObject({
      status: 401,
      code: "unauthorized",
    });
    expect(refreshCalls).toBe(0);
  });
});

describe("apiErrorText: what a failed call shows", () => {
  const messages: Record<string, string> = {
    "errors.repairNotFound": "Reparación no encontrada",
    "errors.unreachable": "No se puede conectar con el servidor.",
  };
  const t = Object.assign((key: string) => messages[key], { has: (key: string) => key in messages }) as Parameters<
    typeof apiErrorText
  >[0];

  it("the translation of the server's code, else the server's own text, else the screen's fallback", () => {
    expect(apiErrorText(t, new ApiError(404, "repairNotFound", "Repair not found"), "Failed")).toBe(
      "Reparación no encontrada",
    );
    // A server text without a code (a proxy, an older server) is still the server's word.
    expect(
      apiErrorText(t, new ApiError(409, undefined, "Status locked by the workshop"), "Failed to update status"),
    ).toBe("Status locked by the workshop");
    expect(apiErrorText(t, new ApiError(500, undefined, undefined), "Failed to update status")).toBe(
      "Failed to update status",
    );
    // No answer at all: a lost connection, said as such, never "Failed to …".
    expect(apiErrorText(t, new ApiError(0, undefined, undefined), "Failed to disable 2FA")).toBe(
      "No se puede conectar con el servidor.",
    );
  });
});
