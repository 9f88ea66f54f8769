import path from "node:path";
import { z } from "zod";

// The environment of the server process, read once and validated. Lazy, so
// that `next build` (which imports route modules) needs no database settings.
const schema = z.object({
  DATABASE_URL: z.string().url(),
  DATA_DIR: z.string().default("./data"),
  UPLOAD_DIR: z.string().default("./public/uploads"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters"),
  ENCRYPTION_KEY: z.string().regex(/^[0-9a-f]{64}$/i, "ENCRYPTION_KEY must be 64 hex digits (32 bytes)"),
});

export type Env = z.infer<typeof schema>;

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
      DATA_DIR: path.resolve(parsed.data.DATA_DIR),
      UPLOAD_DIR: path.resolve(parsed.data.UPLOAD_DIR),
    };
  }
  return cached;
}
