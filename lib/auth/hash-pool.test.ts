import bcrypt from "bcryptjs";
import { threadId } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { hashPoolStats, IDLE_MS, MAX_WAITING, runOnPool } from "./hash-pool";

describe("the bcrypt worker pool", () => {
  it("hashes and compares on other threads, with bcrypt's own results", async () => {
    const { result, threadId: worker } = await runOnPool("hash", "Correct-Horse-9", 4);
    const hash = result as string;
    expect(worker).not.toBe(threadId);
    expect(bcrypt.compareSync("Correct-Horse-9", hash)).toBe(true);
    expect((await runOnPool("compare", "Correct-Horse-9", hash)).result).toBe(true);
    expect((await runOnPool("compare", "Wrong-Horse-9", hash)).result).toBe(false);
  });

  it("runs parallel work on every thread of the pool, none of them the event loop's", async () => {
    const threads = new Set(
      (await Promise.all(Array.from({ length: 8 }, () => runOnPool("hash", "x", 8)))).map((r) => r.threadId),
    );
    expect(threads.has(threadId)).toBe(false);
    expect(threads.size).toBe(hashPoolStats().threads);
  });

  it("refuses work beyond what may wait, as busy with a time to retry, and serves the rest", async () => {
    const jobs = Array.from({ length: MAX_WAITING + hashPoolStats().threads + 5 }, () =>
      runOnPool("hash", "x", 4).then(
        () => "done",
        (error: { code?: string; retryAfter?: number }) => `${error.code}:${error.retryAfter}`,
      ),
    );
    const outcomes = await Promise.all(jobs);
    expect(outcomes.filter((o) => o === "busy:1").length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === "done").length).toBeGreaterThanOrEqual(MAX_WAITING);
    expect(hashPoolStats().waiting).toBe(0);
  });

  it("stops threads left idle, to give their memory back, and starts them again for the next job", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await Promise.all(Array.from({ length: 4 }, () => runOnPool("hash", "x", 4)));
      expect(hashPoolStats().running).toBe(hashPoolStats().threads);
      vi.advanceTimersByTime(IDLE_MS - 1_000);
      expect(hashPoolStats().running).toBe(hashPoolStats().threads);
      vi.advanceTimersByTime(1_000);
      expect(hashPoolStats().running).toBe(0);
      const { result } = await runOnPool("hash", "Correct-Horse-9", 4);
      expect(bcrypt.compareSync("Correct-Horse-9", result as string)).toBe(true);
      expect(hashPoolStats().running).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
