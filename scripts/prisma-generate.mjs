// Generates the Prisma client without Prisma's native schema engine.
// `prisma generate` needs no engine, but the CLI tries to download one unless
// PRISMA_SCHEMA_ENGINE_BINARY names an existing file; the download fails on
// machines that reach only the npm registry (Prisma's engine downloads fail there).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";

const cli = require.resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [cli, "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
