import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collectGarbage, collectWhenIdle, IDLE_GC_MS, memoryAfterCollection } from "./gc";

describe("collectWhenIdle", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("collects once, IDLE_GC_MS after the last work, and not again until there is more", () => {
    const collect = vi.fn();
    let busy = false;
    const worked = collectWhenIdle(() => !busy, collect);
    vi.advanceTimersByTime(IDLE_GC_MS * 3);
    expect(collect).not.toHaveBeenCalled(); // no work yet: nothing to give back

    worked();
    vi.advanceTimersByTime(IDLE_GC_MS / 2);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_GC_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_GC_MS * 5);
    expect(collect).toHaveBeenCalledTimes(1);

    // Work in flight holds it back, however long ago the last ended.
    worked();
    busy = true;
    vi.advanceTimersByTime(IDLE_GC_MS * 3);
    expect(collect).toHaveBeenCalledTimes(1);
    busy = false;
    vi.advanceTimersByTime(IDLE_GC_MS);
    expect(collect).toHaveBeenCalledTimes(2);
  });
});

describe("memoryAfterCollection", () => {
  it("reports the heap after a full collection, below what it was before", () => {
    collectGarbage();
    let garbage: number[][] | null = Array.from({ length: 200 }, () => new Array(10_000).fill(1));
    expect(garbage.length).toBe(200);
    garbage = null;
    const report = memoryAfterCollection();
    expect(report.heapUsedMB).toBeLessThan(report.heapUsedBeforeGcMB);
    expect(report.rssMB).toBeGreaterThan(report.heapUsedMB);
  });
});
