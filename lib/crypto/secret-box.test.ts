import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { open, seal } from "./secret-box";

const key = randomBytes(32).toString("hex");

describe("secret box", () => {
  it("round-trips, never shows the plaintext, and differs each time", () => {
    const a = seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", key);
    const b = seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", key);
    expect(a).not.toContain("JBSWY3DP");
    expect(a).not.toBe(b);
    expect(open(a, key)).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
  });

  it("refuses a tampered box or a wrong key", () => {
    const sealed = seal("secret", key);
    const parts = sealed.split(".");
    parts[3] = Buffer.from("SECRET").toString("base64url");
    expect(() => open(parts.join("."), key)).toThrow();
    expect(() => open(sealed, randomBytes(32).toString("hex"))).toThrow();
  });
});
