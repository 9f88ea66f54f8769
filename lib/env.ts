import path from "node:path";
import { z } from "zod";
import { NOTICE_GRACE_MS } from "@/lib/repairs/limits";
import { secretProblem } from "@/lib/runtime/secrets";

// The environment, read in this one module, validated, each default written
// once. Two parts, both lazy so that `next build` (which imports route
// modules) needs nothing set:
// - settings(): what every process may read, none of it required;
// - env(): what the server needs to serve (the database and the secrets).

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).catch(fallback).default(fallback);

const settingsSchema = z.object({
  PORT: int(0, 65_535, 3000),
  HOSTNAME: z.string().min(1).catch("0.0.0.0").default("0.0.0.0"),
  /** On SIGTERM, how long requests in flight may take to finish. */
  SHUTDOWN_TIMEOUT_MS: int(0, 3_600_000, 25_000),
  /** Seconds of HSTS on answers to HTTPS requests (0: none). */
  HSTS_MAX_AGE: int(0, 100_000_000, 0),
  /** The reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, "loopback"); unset: none. */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).catch("info").default("info"),
  /** The address users open (the first-run link); default http://localhost:PORT. */
  APP_URL: z.string().url().optional().catch(undefined),
  DATA_DIR: z.string().min(1).catch("./data").default("./data"),
  /** Default: DATA_DIR/uploads (never inside public/, which Next serves on its own). */
  UPLOAD_DIR: z.string().min(1).optional().catch(undefined),
  NODE_ENV: z.string().optional(),
  /** The operator's mail server for customer notices: smtp:// or smtps://, user and password in it. Unset: no email. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/)
    .optional()
    .catch(undefined),
  /** The notices' sender, e.g. "Rellotgeria Vidal <botiga@example.com>". */
  MAIL_FROM: z.string().trim().min(3).optional().catch(undefined),
  /** How often the notice worker looks for mail to send (it is also woken by every notice queued). */
  NOTICE_POLL_MS: int(20, 600_000, 5_000),
  /** The first retry's delay after a failed delivery; each next one doubles, up to NOTICE_RETRY_MAX_MS. */
  NOTICE_RETRY_BASE_MS: int(10, 3_600_000, 30_000),
  NOTICE_RETRY_MAX_MS: int(10, 86_400_000, 900_000),
  /** Customer emails a shop may queue in an hour, whatever causes them (lib/notices/queue.ts). */
  SHOP_MAIL_PER_HOUR: int(1, 1_000_000, 200),
  /** A status change's notice waits this long before it may leave (NOTICE_GRACE_MS; tests set it). */
  NOTICE_GRACE_MS: int(0, 600_000, NOTICE_GRACE_MS),
  /** Put before operator commands in the first-run message (the compose file: "docker compose exec app"). */
  OPERATOR_COMMAND_PREFIX: z.string().trim().max(200).optional().catch(undefined),
  /** A notice not delivered this long after it was queued is marked failed. */
  NOTICE_GIVE_UP_HOURS: z.coerce.number().min(0.001).max(720).catch(48).default(48),
  /**
   * Whoever distributes this build to shops, as VERI*FACTU's records name the
   * software's producer (docs/invoicing.md): a shop cannot turn invoicing on
   * without both.
   */
  VERIFACTU_PRODUCER_NAME: z.string().trim().min(1).max(120).optional().catch(undefined),
  VERIFACTU_PRODUCER_TAX_ID: z.string().trim().min(1).max(20).optional().catch(undefined),
  /** Tests only: bcrypt's cost, never below 4, ignored in production (lib/auth/password.ts). */
  BCRYPT_COST: z.coerce.number().int().min(4).max(31).optional().catch(undefined),
});

export type Settings = Omit<z.infer<typeof settingsSchema>, "APP_URL" | "UPLOAD_DIR"> & {
  APP_URL: string;
  /** Absolute. */
  DATA_DIR: string;
  /** Absolute; DATA_DIR/uploads unless set. */
  UPLOAD_DIR: string;
  /** Whether the operator chose UPLOAD_DIR (else photos of the old default store move, scripts/lib/config.ts). */
  uploadDirChosen: boolean;
};

/** The settings in an environment (the process's unless given), with their defaults. */
export function readSettings(environment: Record<string, string | undefined> = process.env): Settings {
  const parsed = settingsSchema.parse(environment);
  const dataDir = path.resolve(/* turbopackIgnore: true */ parsed.DATA_DIR);
  return {
    ...parsed,
    APP_URL: parsed.APP_URL ?? `http://localhost:${parsed.PORT}`,
    DATA_DIR: dataDir,
    UPLOAD_DIR: path.resolve(/* turbopackIgnore: true */ parsed.UPLOAD_DIR ?? path.join(dataDir, "uploads")),
    uploadDirChosen: parsed.UPLOAD_DIR !== undefined,
  };
}

let cachedSettings: Settings | undefined;
export function settings(): Settings {
  cachedSettings ??= readSettings();
  return cachedSettings;
}

/** Reads the environment again on the next settings() (tests that change it). */
export function forgetSettings(): void {
  cachedSettings = undefined;
}

function refuseWeak(name: "JWT_SECRET" | "ENCRYPTION_KEY") {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = secretProblem(name, value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };
}

const serverSchema = z.object({
  DATABASE_URL: z.string().url(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Photo storage per shop, in MB (docs/security.md). */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(2048),
  /** Longest a request's statement may run (0: no limit). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  JWT_SECRET: z.string().superRefine(refuseWeak("JWT_SECRET")),
  ENCRYPTION_KEY: z.string().superRefine(refuseWeak("ENCRYPTION_KEY")),
});

export type Env = z.infer<typeof serverSchema> & Pick<Settings, "DATA_DIR" | "UPLOAD_DIR">;

let cached: Env | undefined;

/** What the server needs to serve; a clear error naming every problem when something is missing or weak. */
export function env(): Env {
  if (!cached) {
    const parsed = serverSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Invalid environment: ${problems}`);
    }
    const { DATA_DIR, UPLOAD_DIR } = readSettings();
    cached = { ...parsed.data, DATA_DIR, UPLOAD_DIR };
  }
  return cached;
}
