import { describe, expect, it } from "vitest";
import { cpuTimeMs, percentiles } from "@/scripts/bench/load";

// The bench's own measures: what its lines print must be what happened.

describe("the bench's measures", () => {
  it("reads a process's CPU time as the kernel counts it, in ms", () => {
    const before = cpuTimeMs(process.pid);
    const start = process.cpuUsage();
    const spentMs = () => {
      const { user, system } = process.cpuUsage(start);
      return (user + system) / 1000;
    };
    // Spin until this process has used 300 ms of CPU (not of the clock: a busy machine may pause it).
    while (spentMs() < 300) continue;
    const measured = cpuTimeMs(process.pid) - before;
    // The kernel counts in 10 ms ticks.
    expect(measured).toBeGreaterThanOrEqual(280);
    expect(measured).toBeLessThan(360);
  });

  it("takes percentiles by nearest rank over every latency", () => {
    const latencies = Array.from({ length: 100 }, (_, i) => i + 1); // 1 … 100 ms
    const result = percentiles(latencies, 2);
    expect(result).toMatchObject({ count: 100, rps: 50, p50: 50, p95: 95, p99: 99, max: 100 });
    expect(percentiles([30, 10, 20], 1).p50).toBe(20);
    expect(percentiles([], 1)).toMatchObject({ count: 0, p50: 0, max: 0 });
  });
});
