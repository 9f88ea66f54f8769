import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { readSettings } from "@/lib/env";
import { LEGACY_UPLOAD_DIR, relocateLegacyUploads } from "@/lib/photos/relocate";

// Settings shared by the operator commands (npm start, db:migrate, shop:create),
// from lib/env.ts, where every default is written once.
export function commandConfig(environment: NodeJS.ProcessEnv = process.env) {
  const settings = readSettings(environment);
  return {
    port: settings.PORT,
    dataDir: settings.DATA_DIR,
    // Outside public/: photos are served only by app/uploads, with their sandbox headers.
    uploadDir: settings.UPLOAD_DIR,
    uploadDirChosen: settings.uploadDirChosen,
    databaseUrl: environment.DATABASE_URL || undefined,
  };
}

/**
 * Makes the photo store, and moves photos out of the old default store (in
 * public/) when the operator chose no UPLOAD_DIR: every command that reads
 * photos calls it first, so an upgrade finds them whichever command runs first.
 */
export function settleUploadDir(config: ReturnType<typeof commandConfig>): void {
  mkdirSync(config.uploadDir, { recursive: true, mode: 0o700 });
  if (config.uploadDirChosen) return;
  const moved = relocateLegacyUploads(LEGACY_UPLOAD_DIR, config.uploadDir);
  if (moved > 0) console.log(`Photos: moved ${moved} folder(s) from ${LEGACY_UPLOAD_DIR} to ${config.uploadDir}`);
}

/** Prints a failure the operator can act on, without a stack trace, and exits 1. */
export function exitWith(error: unknown): never {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

/** The `--email` argument an account command takes (the only one), or an error saying how to call it. */
export function emailArgument(usage: string): string {
  let email: string | undefined;
  try {
    email = parseArgs({ options: { email: { type: "string" } }, strict: true }).values.email;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${usage}`);
  }
  if (!email) throw new Error(`--email is required\n${usage}`);
  return email;
}
