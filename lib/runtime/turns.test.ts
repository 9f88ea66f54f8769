import { setImmediate as rawTurn } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BACKGROUND_SHARE,
  continueInBackground,
  inTurn,
  MAX_WAIT_MS,
  QUIET_MS,
  requestStarted,
  SLICE_MS,
} from "./turns";

// Two exports at once, each running slices of CPU work, and a marker that
// records every turn of the event loop (as a request arriving between
// slices would be read then).
async function run(slice: (name: string) => Promise<void>) {
  const log: string[] = [];
  let turns = 0;
  const marker = () => {
    log.push("|");
    if (++turns < 40) setImmediate(marker);
  };
  setImmediate(marker);
  const slices = async (name: string) => {
    for (let i = 0; i < 6; i++) {
      await slice(name);
      log.push(name);
    }
  };
  await Promise.all([slices("a"), slices("b")]);
  while (turns < 40) await rawTurn();
  return log.join("");
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await rawTurn();
};

/** A slice that takes `costMs` of the (fake) clock and hands back the time it was given. */
const costing = (costMs: number) =>
  inTurn((budgetMs) => {
    vi.advanceTimersByTime(costMs);
    return budgetMs;
  });

/** A slice that is seen to run, taking no time. */
function watched<T>(value?: T) {
  let ran = false;
  const done = inTurn(() => {
    ran = true;
    return value;
  });
  return { done, ran: () => ran };
}

describe("background work in slices (inTurn)", () => {
  it("runs at most one slice in a turn, however many wait", async () => {
    const log = await run(() => inTurn(() => {}));
    // Between two turns' markers, never two slices.
    expect(log).not.toMatch(/[ab]{2}/);
    expect(log.replace(/\|/g, "")).toHaveLength(12);
  });

  it("takes the slices in turn, first come first served, and hands back what each returns or throws", async () => {
    const log = await run(() => inTurn(() => {}));
    expect(log.replace(/\|/g, "")).toBe("abababababab");
    await expect(inTurn(() => 42)).resolves.toBe(42);
    await expect(
      inTurn(() => {
        throw new Error("bad row");
      }),
    ).rejects.toThrow("bad row");
  });

  it("is needed: with setImmediate alone two slices share a turn", async () => {
    const log = await run(() => rawTurn());
    expect(log).toMatch(/[ab]{2}/);
  });

  describe("against requests and the clock (which stands still unless moved)", () => {
    // Each test's fake clock starts at 0: it is moved past every slice timed so far (by whichever clock).
    let timedSoFar = 0;
    beforeEach(() => {
      timedSoFar = Math.max(timedSoFar, performance.now()) + 1_000;
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
      vi.advanceTimersByTime(timedSoFar);
    });
    afterEach(() => {
      timedSoFar = performance.now();
      vi.useRealTimers();
    });

    it("waits while a request is served, and goes on as soon as it has ended", async () => {
      await inTurn(() => {});
      const ended = requestStarted();
      const slice = watched();
      await turns(5);
      vi.advanceTimersByTime(MAX_WAIT_MS - 1);
      await turns(5);
      expect(slice.ran()).toBe(false);
      ended();
      await turns(2);
      expect(slice.ran()).toBe(true);
      await slice.done;
    });

    it("waits MAX_WAIT_MS at most under steady requests, so the work moves on", async () => {
      await inTurn(() => {});
      const ended = requestStarted();
      try {
        for (let i = 0; i < 3; i++) {
          const slice = watched();
          await turns(3);
          vi.advanceTimersByTime(MAX_WAIT_MS - 1);
          await turns(3);
          expect(slice.ran()).toBe(false);
          vi.advanceTimersByTime(1);
          await turns(3);
          expect(slice.ran()).toBe(true);
          await slice.done;
        }
      } finally {
        ended();
      }
    });

    it("takes at most its share of the time, all slices together, while requests come", async () => {
      const costMs = 4;
      const rest = costMs * (1 / BACKGROUND_SHARE - 1);
      // A request was just answered; then two exports' slices, each taking 4 ms of the loop.
      requestStarted()();
      const a = costing(costMs);
      const b = watched();
      await a;
      await turns(3);
      expect(b.ran()).toBe(false);
      vi.advanceTimersByTime(rest - 1);
      await turns(3);
      expect(b.ran()).toBe(false);
      vi.advanceTimersByTime(1);
      await turns(3);
      expect(b.ran()).toBe(true);
    });

    it("runs a slice in every turn, and longer ones, once no request has come for QUIET_MS", async () => {
      requestStarted()();
      vi.advanceTimersByTime(QUIET_MS);
      const costMs = 4;
      const a = costing(costMs);
      const b = watched();
      expect(await a).toBe(SLICE_MS.quiet);
      await turns(3);
      expect(b.ran()).toBe(true);
      await b.done;
      // A request within QUIET_MS brings the share, and short slices, back.
      requestStarted()();
      const c = costing(costMs);
      const d = watched();
      expect(await c).toBe(SLICE_MS.busy);
      expect(SLICE_MS.busy).toBeLessThan(SLICE_MS.quiet);
      await turns(3);
      expect(d.ran()).toBe(false);
      vi.advanceTimersByTime(costMs * (1 / BACKGROUND_SHARE - 1));
      await turns(3);
      expect(d.ran()).toBe(true);
    });

    it("is not held back by the request that streams it (an export's own)", async () => {
      await inTurn(() => {});
      vi.advanceTimersByTime(1);
      const ended = requestStarted();
      const background = continueInBackground();
      const slice = watched();
      await turns(2);
      expect(slice.ran()).toBe(true);
      await slice.done;
      background();
      ended();
      // The count is back where it was: a new request holds slices again.
      const another = requestStarted();
      const next = watched();
      await turns(3);
      expect(next.ran()).toBe(false);
      another();
      await next.done;
    });
  });
});
