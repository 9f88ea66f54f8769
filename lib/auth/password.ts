import { settings } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { runInLane, type Lane } from "./worker-pool";
import { PASSWORD_MAX_BYTES, passwordBytes } from "./rules";

/**
 * Cost 11: the one whose hash takes, on the machines this runs on, the time
 * the project aims for (docs/performance.md); 10 is too quick to slow a
 * guesser, 12 too slow for a person. The test suite may lower it through
 * BCRYPT_COST, never in production, and never under the floor.
 */
const PRODUCTION_COST = 11;

function cost(): number {
  const { NODE_ENV, BCRYPT_COST: wanted } = settings();
  return NODE_ENV === "production" || wanted === undefined ? PRODUCTION_COST : Math.min(wanted, PRODUCTION_COST);
}
export const BCRYPT_COST = cost();

// Both run on the worker threads of ./worker-pool, never on the event loop.
// Every path that hashes goes through these two, and both look at the length
// first: bcrypt reads 72 bytes only (so a longer password is refused, never
// cut), and bcryptjs walks the whole string before that check.

/**
 * The password's hash. `lane` (see ./worker-pool): "open" for any hash a caller
 * who has not signed in can cause (a reset link, the first-run link), so a
 * flood of those never delays a shop's sign-ins.
 */
export async function hashPassword(password: string, lane: Lane = "trusted"): Promise<string> {
  if (passwordBytes(password) > PASSWORD_MAX_BYTES)
    throw new AppError("passwordTooLong", { fields: { password: "passwordTooLong" } });
  return (await runInLane(lane, "hash", password, BCRYPT_COST)).result;
}

/** Whether the password matches; one over 72 bytes never does, and costs no hash. `lane`: see ./worker-pool. */
export async function verifyPassword(password: string, hash: string, lane: Lane = "trusted"): Promise<boolean> {
  if (passwordBytes(password) > PASSWORD_MAX_BYTES) return false;
  return (await runInLane(lane, "compare", password, hash)).result;
}
