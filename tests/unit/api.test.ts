import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authApi, repairsApi, settingsApi } from "@/lib/client/api";

// The typed calls say the spec's paths, methods and bodies.

const calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal("window", {
    localStorage: { getItem: () => "token", setItem: () => {}, removeItem: () => {} },
    location: { assign: vi.fn() },
  });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? "GET",
      body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
    });
    return Response.json({});
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the client's calls", () => {
  it("use the spec's paths, methods and bodies", async () => {
    await repairsApi.list({ search: "josé", statuses: ["ready", "denied"], cursor: null, limit: 50 });
    await repairsApi.setStatus("r1", "ready");
    await repairsApi.setQuote("r1", { amount: 90.5, notes: "Cristall", days: 7 });
    await repairsApi.update("r1", { final_price: 12.5 });
    await repairsApi.remove("r1", "Duplicada");
    await repairsApi.deletePhoto("r1", "p1");
    await authApi.disable2fa({ password: "x" });
    await settingsApi.save({ language: "ca" });
    expect(calls.map(({ url, method, body }) => [method, url, body])).toEqual([
      ["GET", "/api/repairs?limit=50&search=jos%C3%A9&statuses=ready%2Cdenied", undefined],
      ["PATCH", "/api/repairs/r1/status", { status: "ready" }],
      ["PATCH", "/api/repairs/r1/quote", { amount: 90.5, notes: "Cristall", expires_in_hours: 168 }],
      ["PUT", "/api/repairs/r1", { final_price: 12.5 }],
      ["DELETE", "/api/repairs/r1", { reason: "Duplicada" }],
      ["DELETE", "/api/repairs/r1/photos/p1", undefined],
      ["POST", "/api/auth/disable-2fa", { password: "x" }],
      ["PUT", "/api/settings", { language: "ca" }],
    ]);
  });

  it("sends photos as multipart, one photos part each", async () => {
    await repairsApi.addPhotos("r1", [
      new File(["a"], "a.jpg", { type: "image/jpeg" }),
      new File(["b"], "b.jpg", { type: "image/jpeg" }),
    ]);
    const form = calls[0].body as FormData;
    expect(calls[0]).toMatchObject({ url: "/api/repairs/r1/photos", method: "POST" });
    expect(form.getAll("photos").map((f) => (f as File).name)).toEqual(["a.jpg", "b.jpg"]);
  });
});
