import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// `npm start` builds when there is no build of the current sources: none at
// all after a fresh clone, or an older one after `git pull`. The fingerprint
// is a hash of everything the build reads, kept beside the build.

const require = createRequire(import.meta.url);
const ROOT = process.cwd();
const INPUTS = [
  "app",
  "components",
  "lib",
  "messages",
  "i18n",
  "public",
  "instrumentation.ts",
  "proxy.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  "scripts/serve.ts",
  "scripts/start.ts",
  "scripts/lib",
];
const SKIP = new Set([path.join(ROOT, "lib/generated"), path.join(ROOT, "public/uploads")]);
const FINGERPRINT = path.join(ROOT, ".next/source-fingerprint");
/** The production server (scripts/serve.ts) as plain JavaScript, beside the build. */
export const SERVER_BUNDLE = path.join(ROOT, ".next/serve.mjs");
/** npm start's lasting process (scripts/start.ts), likewise: scripts/start.mjs runs it. */
const START_BUNDLE = path.join(ROOT, ".next/start.mjs");
/** An export's thread (lib/export/worker.ts), likewise: lib/export/thread.ts starts it. */
const EXPORT_WORKER_BUNDLE = path.join(ROOT, ".next/export-worker.mjs");
const BUNDLES = [SERVER_BUNDLE, START_BUNDLE, EXPORT_WORKER_BUNDLE];

function collect(entry: string, files: string[]) {
  if (SKIP.has(entry) || !existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) collect(path.join(entry, name), files);
  } else {
    files.push(entry);
  }
}

export function sourceFingerprint(): string {
  const files: string[] = [];
  for (const input of INPUTS) collect(path.join(ROOT, input), files);
  const hash = createHash("sha256");
  for (const file of files) hash.update(path.relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

/**
 * An image that ships only its build (PREBUILT=1, as the Dockerfile sets)
 * never rebuilds: its sources are not all there to fingerprint, and its user
 * may not write .next. Without a build it stops with a clear message.
 */
export async function ensureBuild(environment: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (environment.PREBUILT === "1") {
    if (![path.join(ROOT, ".next/BUILD_ID"), ...BUNDLES].every((file) => existsSync(file)))
      throw new Error("PREBUILT=1 but there is no build in .next: run `npm run build` first.");
    return;
  }
  const fingerprint = sourceFingerprint();
  const built =
    existsSync(path.join(ROOT, ".next/BUILD_ID")) &&
    BUNDLES.every((file) => existsSync(file)) &&
    existsSync(FINGERPRINT) &&
    readFileSync(FINGERPRINT, "utf8") === fingerprint;
  if (built) return;
  console.log("No build of the current sources: building (next build)...");
  const result = spawnSync(process.execPath, [require.resolve("next/dist/bin/next"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("next build failed");
  await bundleProcesses();
  writeFileSync(FINGERPRINT, fingerprint);
}

/**
 * scripts/serve.ts, scripts/start.ts and the export's thread with the few
 * modules of ours they import, each compiled into one file (packages stay
 * imports), so they run plain Node: TypeScript loaded through tsx at run
 * time cost each process memory for as long as it runs (tsx's loader thread).
 */
async function bundleProcesses() {
  const { build } = await import("esbuild");
  for (const [entry, outfile] of [
    ["scripts/serve.ts", SERVER_BUNDLE],
    ["scripts/start.ts", START_BUNDLE],
    ["lib/export/worker.ts", EXPORT_WORKER_BUNDLE],
  ]) {
    await build({
      entryPoints: [path.join(ROOT, entry)],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      outfile,
      tsconfig: path.join(ROOT, "tsconfig.json"),
      logLevel: "warning",
    });
  }
}
