import { readFileSync } from "node:fs";
import path from "node:path";

/** A setting the start script gives the environment: `NAME=${NAME:-default}`. */
const SETTING = /^([A-Za-z_][A-Za-z0-9_]*)=\$\{\1:-([^}]*)\}$/;

export type StartCommand = {
  /** What follows `node`: its V8 flags, then scripts/start.mjs. */
  args: string[];
  /**
   * The environment's settings the script makes unless they are set: glibc's,
   * for npm start's process and the server, its child. glibc gives each
   * thread (zlib's, sharp's, the hashing pool's) its own malloc arena, each
   * keeping what it once held, and serves blocks of up to 32 MB from them
   * once large ones were freed, which then stay. Two arenas, and blocks from
   * 64 KiB mapped and unmapped on their own, give that memory back after load
   * and exports (docs/performance.md).
   */
  defaults: Record<string, string>;
};

/**
 * What `npm start` runs: package.json's "start" script, its environment's
 * settings (`NAME=${NAME:-default}`, before the process starts, as glibc
 * reads its own), then `node`, its V8 flags and scripts/start.mjs. The
 * bench and the tests that start the app the README's way run exactly this,
 * so the command is written once.
 */
export function npmStartCommand(): StartCommand {
  const pkg = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.trim().split(/\s+/);
  const defaults: Record<string, string> = {};
  let match: RegExpMatchArray | null;
  while ((match = words[0]?.match(SETTING) ?? null)) {
    defaults[match[1]] = match[2];
    words.shift();
  }
  const [program, ...args] = words;
  if (program !== "node") throw new Error(`package.json's start script must run node, not ${program}`);
  return { args, defaults };
}

/**
 * `env` (changes to `inherited`, or a whole environment) with the start
 * script's settings wherever neither sets them (an empty value counts as
 * unset, as in the shell).
 */
export function withStartDefaults<T extends Record<string, string | undefined>>(
  env: T,
  inherited: Record<string, string | undefined> = process.env,
): T {
  const filled: Record<string, string | undefined> = { ...env };
  for (const [name, value] of Object.entries(npmStartCommand().defaults)) {
    if (!(name in env ? env[name] : inherited[name])) filled[name] = value;
  }
  return filled as T;
}
