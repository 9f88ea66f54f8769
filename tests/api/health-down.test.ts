import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/health/route";

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
});
