import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";

// Background work (an export's file, a photo's pixels) gives the cores to
// requests. Linux keeps a priority per thread: such a thread runs at a nice
// value of its own and, where util-linux's chrt is there (Debian, the Docker
// image), in the idle scheduling class, so any other thread that wants a core
// (the server's, the database's) takes it from this one at once, whatever the
// process. Nice alone shares the CPU only within this process, which left
// requests slower during an export than with both. Best effort: where neither is allowed (or on another system)
// a thread runs as the server does.

/**
 * The nice value of background threads (an export's, libvips'): under the
 * server's thread and the database, at nice 10 a thread gets about a tenth of
 * what one at 0 gets of a core both want.
 */
export const BACKGROUND_NICE = 10;

/** Puts thread `tid` of this process at `nice` and in the idle scheduling class. */
export function lowerThreadPriority(tid: number, nice: number): Promise<void> {
  try {
    setPriority(tid, nice);
  } catch {
    // Not allowed: the server's nice value.
  }
  // No chrt (Alpine, macOS): nice alone.
  return new Promise((resolve) => execFile("chrt", ["--idle", "-p", "0", String(tid)], () => resolve()));
}

/** The calling thread (an export's) at `nice` and in the idle class. */
export async function lowerOwnPriority(nice: number): Promise<void> {
  let tid: number;
  try {
    tid = Number(readFileSync("/proc/thread-self/stat", "utf8").split(" ")[0]);
  } catch {
    tid = 0; // not Linux: setPriority(0) is the calling thread (or process), and chrt is not there
  }
  await lowerThreadPriority(tid, nice);
}

/** The threads of this process with this name, and their nice values; none off Linux. */
export function threadsNamed(name: string): Array<{ tid: number; nice: number }> {
  let tids: string[];
  try {
    tids = readdirSync("/proc/self/task");
  } catch {
    return [];
  }
  const found = [];
  for (const tid of tids) {
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trimEnd() !== name) continue;
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      // After the name, in parentheses: state is field 3, the nice value field 19.
      found.push({ tid: Number(tid), nice: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]) });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return found;
}
