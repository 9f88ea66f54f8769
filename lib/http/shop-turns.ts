import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";

// One shop's signed-in requests served at once. Each holds a database
// connection while it reads or writes, and the process has DB_POOL_MAX of
// them: a shop's requests beyond its share wait their turn, in order, so
// however slow its work (a lock waited on, a heavy read, sixteen tabs), the
// other shops, sign-in and the health check keep connections. A request that
// waits longer than one statement may run is answered busy (503, try again).

/** The connections no one shop may take: for the other shops, sign-in and /api/health. */
export const KEPT_FOR_OTHERS = 2;
/** Of a pool of `poolMax` connections, one shop's requests at once. */
export const shopShare = (poolMax: number) => Math.max(1, poolMax - KEPT_FOR_OTHERS);

type Turns = { running: number; waiting: (() => void)[] };
const shops = processWide("shopTurns", () => new Map<string, Turns>());

/** Runs `work` in one of the shop's turns, once one is free. */
export async function inShopTurn<T>(
  shopId: string,
  work: () => Promise<T>,
  share = shopShare(env().DB_POOL_MAX),
  maxWaitMs = env().DB_STATEMENT_TIMEOUT_MS || 30_000,
): Promise<T> {
  let turns = shops.get(shopId);
  if (!turns) shops.set(shopId, (turns = { running: 0, waiting: [] }));
  if (turns.running < share) turns.running++;
  else await waitForTurn(turns, maxWaitMs);
  try {
    return await work();
  } finally {
    // The turn passes to the next in line, or is given back.
    const next = turns.waiting.shift();
    if (next) next();
    else if (--turns.running === 0) shops.delete(shopId);
  }
}

function waitForTurn(turns: Turns, maxWaitMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const go = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      turns.waiting.splice(turns.waiting.indexOf(go), 1);
      reject(new AppError("busy", { retryAfter: 2 }));
    }, maxWaitMs);
    turns.waiting.push(go);
  });
}
