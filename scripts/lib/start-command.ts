import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * What `npm start` runs after `node`: package.json's "start" script, its V8
 * flags and then scripts/start.mjs. The bench and the tests that start the
 * app the README's way run exactly this, so the flags are written once.
 */
export function npmStartArgs(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const [program, ...args] = pkg.scripts.start.trim().split(/\s+/);
  if (program !== "node") throw new Error(`package.json's start script must run node, not ${program}`);
  return args;
}
