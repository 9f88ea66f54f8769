import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// JWT_SECRET and ENCRYPTION_KEY come from the environment. Where they are not
// set (the `npm start` default), they are made once and kept in
// DATA_DIR/secrets.json (mode 0600), never in the repository. Several app
// instances sharing one database must be given the same values explicitly.

export type Secrets = { JWT_SECRET: string; ENCRYPTION_KEY: string };

/** Bits a secret must carry at the least, estimated from its characters (see estimatedBits). */
export const MIN_SECRET_BITS = 128;
const PLACEHOLDER = /change-?me|example|placeholder|secret-?here/i;

/**
 * A secret's strength as its length times the Shannon entropy of its
 * characters: "aaaa…" or "abcabc…" score low, `openssl rand -hex 32` about 250.
 */
export function estimatedBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...secret].length;
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / length) * Math.log2(count / length);
  return perChar * length;
}

/** Why a secret from the environment cannot be used, or null when it can. */
export function secretProblem(name: keyof Secrets, value: string): string | null {
  if (PLACEHOLDER.test(value))
    return `${name} is still the placeholder from .env.example: generate one with \`openssl rand -hex 32\``;
  if (name === "ENCRYPTION_KEY" && !/^[0-9a-f]{64}$/i.test(value))
    return "ENCRYPTION_KEY must be 64 hex digits (32 bytes)";
  if (name === "JWT_SECRET" && value.length < 32) return "JWT_SECRET must be at least 32 characters";
  if (estimatedBits(value) < MIN_SECRET_BITS)
    return `${name} is too easy to guess: generate one with \`openssl rand -hex 32\``;
  return null;
}

export function ensureSecrets(
  dataDir: string,
  environment: Record<string, string | undefined> = process.env,
): Secrets & { source: string } {
  for (const name of ["JWT_SECRET", "ENCRYPTION_KEY"] as const) {
    const problem = environment[name] ? secretProblem(name, environment[name]) : null;
    if (problem) throw new Error(problem);
  }
  if (environment.JWT_SECRET && environment.ENCRYPTION_KEY) {
    return { JWT_SECRET: environment.JWT_SECRET, ENCRYPTION_KEY: environment.ENCRYPTION_KEY, source: "environment" };
  }
  const file = path.join(dataDir, "secrets.json");
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>;
  const secrets: Secrets = {
    JWT_SECRET: environment.JWT_SECRET ?? stored.JWT_SECRET ?? randomBytes(48).toString("base64url"),
    ENCRYPTION_KEY: environment.ENCRYPTION_KEY ?? stored.ENCRYPTION_KEY ?? randomBytes(32).toString("hex"),
  };
  if (secrets.JWT_SECRET !== stored.JWT_SECRET || secrets.ENCRYPTION_KEY !== stored.ENCRYPTION_KEY) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2) + "\n", { mode: 0o600 });
  }
  return { ...secrets, source: file };
}
