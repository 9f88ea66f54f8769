import { randomBytes } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureSecrets, secretProblem } from "./secrets";
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
    const jwt = "Zr4kq8Vb2xNw7Lp0Ys5Hd3Ft9Gm6Jc1T";
    const key = "9f2c4e6a8b0d1f3e5a7c9b2d4f6e8a0c1b3d5f7e9a2c4b6d8f0e1a3c5b7d9f2e";
    const secrets = ensureSecrets(dir, { JWT_SECRET: jwt, ENCRYPTION_KEY: key });
    expect(secrets).toMatchObject({ JWT_SECRET: jwt, ENCRYPTION_KEY: key, source: "environment" });
  });

  it("refuses .env.example's placeholder and secrets too easy to guess, with a message that says what to do", () => {
    const dir = tempDir("rd-secrets-");
    const key = "9f2c4e6a8b0d1f3e5a7c9b2d4f6e8a0c1b3d5f7e9a2c4b6d8f0e1a3c5b7d9f2e";
    const placeholder = readFileSync(".env.example", "utf8").match(/^JWT_SECRET=(.*)$/m)![1];
    expect(() => ensureSecrets(dir, { JWT_SECRET: placeholder, ENCRYPTION_KEY: key })).toThrow(
      /placeholder.*openssl rand -hex 32/,
    );
    for (const weak of ["j".repeat(40), "abcabcabcabcabcabcabcabcabcabcabcabc", "password".repeat(5)]) {
      expect(() => ensureSecrets(dir, { JWT_SECRET: weak, ENCRYPTION_KEY: key }), weak).toThrow(/too easy to guess/);
    }
    expect(() =>
      ensureSecrets(dir, { JWT_SECRET: "Zr4kq8Vb2xNw7Lp0Ys5Hd3Ft9Gm6Jc1T", ENCRYPTION_KEY: "a".repeat(64) }),
    ).toThrow(/ENCRYPTION_KEY is too easy/);
    expect(secretProblem("JWT_SECRET", randomBytes(32).toString("hex"))).toBeNull();
    expect(secretProblem("JWT_SECRET", randomBytes(48).toString("base64url"))).toBeNull();
  });
});
