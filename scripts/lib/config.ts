import path from "node:path";

// Settings shared by the operator commands (npm start, db:migrate, shop:create).
export function commandConfig(environment: NodeJS.ProcessEnv = process.env) {
  return {
    port: Number.parseInt(environment.PORT ?? "3000", 10),
    dataDir: path.resolve(environment.DATA_DIR ?? "./data"),
    uploadDir: path.resolve(environment.UPLOAD_DIR ?? "./public/uploads"),
    databaseUrl: environment.DATABASE_URL || undefined,
  };
}

/** Prints a failure the operator can act on, without a stack trace, and exits 1. */
export function exitWith(error: unknown): never {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
