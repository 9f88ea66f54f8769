import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// PGlite keeps its files under DATA_DIR and allows one process only: two
// servers writing the same files would corrupt them. The lock file holds the
// owner's pid and the loopback URL it serves the database on, so commands such
// as `npm run shop:create` can use a running server's database instead of
// opening the files a second time. A lock left by a dead process (kill -9) is
// taken over.

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another server (pid ${pid}) is already using the embedded database in ${dataDir}. ` +
        `Stop it first, give this one its own DATA_DIR, or set DATABASE_URL.`,
    );
    this.name = "DataDirLockedError";
  }
}

type LockContent = { pid: number; url: string | null };

const lockFile = (dataDir: string) => path.join(dataDir, "server.lock");

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLock(file: string): LockContent | null {
  try {
    const content = JSON.parse(readFileSync(file, "utf8")) as Partial<LockContent>;
    return typeof content.pid === "number" ? { pid: content.pid, url: content.url ?? null } : null;
  } catch {
    return null;
  }
}

/** The server holding DATA_DIR, if one is alive (this process included). */
export function liveServer(dataDir: string): LockContent | null {
  const content = readLock(lockFile(dataDir));
  return content && isAlive(content.pid) ? content : null;
}

export type DataDirLock = { publishUrl: (url: string) => void; release: () => void };

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, url: null }), { flag: "wx", mode: 0o600 });
      return {
        publishUrl: (url) => writeFileSync(file, JSON.stringify({ pid: process.pid, url }), { mode: 0o600 }),
        release: () => {
          if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = liveServer(dataDir);
      if (owner) throw new DataDirLockedError(dataDir, owner.pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${file}`);
}
