import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, liveServer } from "./data-dir-lock";
import { tempDir } from "@/tests/helpers/temp-dir";

describe("the DATA_DIR lock", () => {
  it("refuses a second owner while the first is alive, naming its pid", () => {
    const dir = tempDir();
    // A live process other than this one holds the lock.
    writeFileSync(
      path.join(dir, "server.lock"),
      JSON.stringify({ pid: process.ppid, url: "postgresql://x@127.0.0.1:1/postgres" }),
    );
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`pid ${process.ppid}`);
    expect(liveServer(dir)?.url).toBe("postgresql://x@127.0.0.1:1/postgres");
  });

  it("takes over a lock left by a process that died", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeFileSync(path.join(dir, "server.lock"), JSON.stringify({ pid: dead, url: null }));
    expect(liveServer(dir)).toBeNull();
    const lock = acquireDataDirLock(dir);
    lock.release();
    expect(existsSync(path.join(dir, "server.lock"))).toBe(false);
  });
});
