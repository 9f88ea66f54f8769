import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET } from "@/app/api/health/route";
import { jsonRequest } from "../helpers/requests";

// Nothing listens on port 1: the database is down for this file.
process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/postgres";

describe("GET /api/health with the database down", () => {
  it("answers 503 within a few seconds", async () => {
    const started = Date.now();
    const response = await GET();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable" });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("fails sign-in closed: a clear 503, never a token, when the rate limits cannot be checked", async () => {
    const response = await login(
      jsonRequest("/api/auth/login", { email: "anna@example.com", password: "Correct-Horse-9" }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: "The database is not available. Please try again in a moment.",
      code: "databaseUnavailable",
    });
  });
});
