import { readdirSync, readFileSync } from "node:fs";

/** Linux's idle scheduling class (SCHED_IDLE), as /proc/…/sched gives it. */
export const IDLE_CLASS = 5;

/**
 * This process's threads as Linux sees them: the name, nice value and
 * scheduling class of each (Linux keeps both per thread). Read here on its
 * own, not through lib/runtime/priority.ts, which the tests check.
 */
export function processThreads(): Array<{ name: string; nice: number; policy: number }> {
  return readdirSync("/proc/self/task").flatMap((task) => {
    try {
      const name = readFileSync(`/proc/self/task/${task}/comm`, "utf8").trimEnd();
      const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
      const policy = /^policy\s*:\s*(\d+)/m.exec(readFileSync(`/proc/self/task/${task}/sched`, "utf8"));
      // Fields after the command's closing parenthesis; the nice value is the 19th field of the line.
      return [
        { name, nice: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]), policy: Number(policy?.[1]) },
      ];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });
}
