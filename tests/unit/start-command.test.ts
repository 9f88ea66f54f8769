import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { npmStartArgs } from "@/scripts/lib/start-command";

// npm start, the bench, the tests and the Docker image start the app with one
// command line: package.json's start script (its V8 flags keep npm start's own
// process small; README, Performance).
describe("the command that starts the app", () => {
  it("is package.json's start script, flags first, and the Docker image runs the same", () => {
    const args = npmStartArgs();
    expect(args.at(-1)).toBe("scripts/start.mjs");
    expect(args).toContain("--max-semi-space-size=4");
    const cmd = readFileSync("Dockerfile", "utf8").match(/^CMD (\[.*\])$/m)?.[1];
    expect(JSON.parse(cmd!)).toEqual(["node", ...args]);
  });
});
