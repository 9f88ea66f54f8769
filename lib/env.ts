import path from "node:path";
import { z } from "zod";
import { secretProblem } from "@/lib/runtime/secrets";

function refuseWeak(name: "JWT_SECRET" | "ENCRYPTION_KEY") {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = secretProblem(name, value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };
}

// The environment of the server process, read once and validated. Lazy, so
// that `next build` (which imports route modules) needs no database settings.
const schema = z.object({
  DATABASE_URL: z.string().url(),
  DATA_DIR: z.string().default("./data"),
  /** Default: DATA_DIR/uploads (never inside public/, which Next serves on its own). */
  UPLOAD_DIR: z.string().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Photo storage per shop, in MB (README, Security). */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(2048),
  /** Longest a request's statement may run (0: no limit). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  JWT_SECRET: z.string().superRefine(refuseWeak("JWT_SECRET")),
  ENCRYPTION_KEY: z.string().superRefine(refuseWeak("ENCRYPTION_KEY")),
});

export type Env = Omit<z.infer<typeof schema>, "UPLOAD_DIR"> & { UPLOAD_DIR: string };

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Invalid environment: ${problems}`);
    }
    cached = {
      ...parsed.data,
      DATA_DIR: path.resolve(/* turbopackIgnore: true */ parsed.data.DATA_DIR),
      UPLOAD_DIR: path.resolve(/* turbopackIgnore: true */ parsed.data.UPLOAD_DIR ?? path.join(parsed.data.DATA_DIR, "uploads")),
    };
  }
  return cached;
}
