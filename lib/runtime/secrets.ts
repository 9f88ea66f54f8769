import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// JWT_SECRET and ENCRYPTION_KEY come from the environment. Where they are not
// set (the `npm start` default), they are made once and kept in
// DATA_DIR/secrets.json (mode 0600), never in the repository. Several app
// instances sharing one database must be given the same values explicitly.

export type Secrets = { JWT_SECRET: string; ENCRYPTION_KEY: string };

export function ensureSecrets(dataDir: string, environment: Record<string, string | undefined> = process.env): Secrets & { source: string } {
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
