import { describe, expect, it } from "vitest";
import { describeDatabaseUrl } from "./describe-url";

describe("describeDatabaseUrl", () => {
  it("names host, port, database and user, never the password", () => {
    const text = describeDatabaseUrl("postgresql://shop:s3cr3t-pass@db.internal:5433/repairs?sslmode=require");
    expect(text).toBe("postgresql://shop@db.internal:5433/repairs");
    expect(text).not.toContain("s3cr3t");
  });

  it("does not echo an unparseable value", () => {
    expect(describeDatabaseUrl("not a url with password=hunter2")).not.toContain("hunter2");
  });
});
