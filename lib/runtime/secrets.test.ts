import { statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureSecrets } from "./secrets";
import { tempDir } from "@/tests/helpers/temp-dir";

describe("ensureSecrets", () => {
  it("makes the secrets once, keeps them private, and reuses them", () => {
    const dir = tempDir("rd-secrets-");
    const first = ensureSecrets(dir, {});
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(first.ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dir, "secrets.json")).mode & 0o077).toBe(0);
    const second = ensureSecrets(dir, {});
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(second.ENCRYPTION_KEY).toBe(first.ENCRYPTION_KEY);
  });

  it("prefers the environment", () => {
    const dir = tempDir("rd-secrets-");
    const secrets = ensureSecrets(dir, { JWT_SECRET: "j".repeat(40), ENCRYPTION_KEY: "a".repeat(64) });
    expect(secrets).toMatchObject({ JWT_SECRET: "j".repeat(40), source: "environment" });
  });
});
