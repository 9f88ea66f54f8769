import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { npmStartCommand, withStartDefaults } from "@/scripts/lib/start-command";

// npm start, the bench, the tests and the Docker image start the app with one
// command line: package.json's start script (its glibc settings and V8 flags
// keep npm start's own process small; docs/performance.md).
describe("the command that starts the app", () => {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } };
  const dockerfile = readFileSync("Dockerfile", "utf8");

  it("is package.json's start script, flags first, and the Docker image runs the same", () => {
    const { args, defaults } = npmStartCommand();
    expect(args.at(-1)).toBe("scripts/start.mjs");
    expect(args).toContain("--max-semi-space-size=4");
    expect(defaults).toEqual({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "65536" });
    const cmd = dockerfile.match(/^CMD (\[.*\])$/m)?.[1];
    expect(JSON.parse(cmd!)).toEqual(["node", ...args]);
    const env = dockerfile.match(/^ENV (MALLOC_.*)$/m)?.[1].split(/\s+/);
    expect(Object.fromEntries(env!.map((pair) => pair.split("=")))).toEqual(defaults);
  });

  it("sets glibc's settings in the shell npm runs it with, unless the environment has its own", () => {
    // The script as npm runs it (sh -c), with node printing what it was given.
    const script = pkg.scripts.start.replace(
      /node .*$/,
      `node -p "process.env.MALLOC_ARENA_MAX + ' ' + process.env.MALLOC_MMAP_THRESHOLD_"`,
    );
    const env = { ...process.env, MALLOC_ARENA_MAX: undefined, MALLOC_MMAP_THRESHOLD_: undefined };
    expect(execFileSync("sh", ["-c", script], { env }).toString().trim()).toBe("2 65536");
    const own = { ...env, MALLOC_ARENA_MAX: "4" };
    expect(execFileSync("sh", ["-c", script], { env: own }).toString().trim()).toBe("4 65536");
    // The bench's and the tests' way gives the same.
    expect(withStartDefaults({}, {})).toEqual({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "65536" });
    expect(withStartDefaults({ MALLOC_ARENA_MAX: "4" }, {})).toEqual({
      MALLOC_ARENA_MAX: "4",
      MALLOC_MMAP_THRESHOLD_: "65536",
    });
    expect(withStartDefaults({}, { MALLOC_MMAP_THRESHOLD_: "131072" })).toEqual({ MALLOC_ARENA_MAX: "2" });
    expect(withStartDefaults({ MALLOC_ARENA_MAX: "" }, {})).toMatchObject({ MALLOC_ARENA_MAX: "2" });
  });
});
