import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/health/route";
import { withTestDatabase } from "../helpers/test-database";

withTestDatabase();

describe("GET /api/health", () => {
  it("answers 200 ok when the database answers", async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
