import bcrypt from "bcryptjs";
import { threadId } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { readQrDataUrl } from "../../tests/helpers/qr";
import { IDLE_MS, MAX_WAITING, runInLane, runOnPool, workerPoolStats } from "./worker-pool";

describe("the worker pool for sign-in's and 2FA's CPU work", () => {
  it("hashes and compares on other threads, with bcrypt's own results", async () => {
    const { result, threadId: worker } = await runOnPool("hash", "Correct-Horse-9", 4);
    const hash = result;
    expect(worker).not.toBe(threadId);
    expect(bcrypt.compareSync("Correct-Horse-9", hash)).toBe(true);
    expect((await runOnPool("compare", "Correct-Horse-9", hash)).result).toBe(true);
    expect((await runOnPool("compare", "Wrong-Horse-9", hash)).result).toBe(false);
  });

  it("draws a QR code as a PNG on a pool thread, readable back", async () => {
    const text = "otpauth://totp/Repair%20Desk:anna%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Repair%20Desk";
    const before = workerPoolStats().done.qr;
    const { result, threadId: worker } = await runOnPool("qr", text, {
      errorCorrectionLevel: "M",
      margin: 1,
      width: 240,
    });
    expect(worker).not.toBe(threadId);
    expect(result).toMatch(/^data:image\/png;base64,/);
    expect(await readQrDataUrl(result)).toBe(text);
    expect(workerPoolStats().done.qr).toBe(before + 1);
  });

  it("runs parallel work on every thread of the pool, none of them the event loop's", async () => {
    const threads = new Set(
      (await Promise.all(Array.from({ length: 8 }, () => runOnPool("hash", "x", 8)))).map((r) => r.threadId),
    );
    expect(threads.has(threadId)).toBe(false);
    expect(threads.size).toBe(workerPoolStats().threads);
  });

  it("refuses work beyond what may wait, as busy with a time to retry, and serves the rest", async () => {
    const jobs = Array.from({ length: MAX_WAITING.trusted + workerPoolStats().threads + 5 }, () =>
      runOnPool("hash", "x", 4).then(
        () => "done",
        (error: { code?: string; retryAfter?: number }) => `${error.code}:${error.retryAfter}`,
      ),
    );
    const outcomes = await Promise.all(jobs);
    expect(outcomes.filter((o) => o === "busy:1").length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === "done").length).toBeGreaterThanOrEqual(MAX_WAITING.trusted);
    expect(workerPoolStats().waiting).toBe(0);
  });

  it("keeps the trusted lane's room and turn while the open lane is full", async () => {
    const flood = Array.from({ length: MAX_WAITING.open + workerPoolStats().threads + 10 }, () =>
      runInLane("open", "hash", "x", 6).then(
        () => "done",
        (error: { code?: string }) => error.code,
      ),
    );
    // Queued behind the whole flood, yet served before what of it still waits, and never refused.
    const owner = runOnPool("hash", "Correct-Horse-9", 4).then(() => workerPoolStats().done.hash);
    const doneBeforeOwner = await owner;
    const outcomes = await Promise.all(flood);
    expect(outcomes.filter((o) => o === "busy").length).toBeGreaterThan(0);
    expect(doneBeforeOwner).toBeLessThan(outcomes.filter((o) => o === "done").length);
  });

  it("stops threads left idle, to give their memory back, and starts them again for the next job", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await Promise.all(Array.from({ length: 4 }, () => runOnPool("hash", "x", 4)));
      expect(workerPoolStats().running).toBe(workerPoolStats().threads);
      vi.advanceTimersByTime(IDLE_MS - 1_000);
      expect(workerPoolStats().running).toBe(workerPoolStats().threads);
      vi.advanceTimersByTime(1_000);
      expect(workerPoolStats().running).toBe(0);
      const { result } = await runOnPool("hash", "Correct-Horse-9", 4);
      expect(bcrypt.compareSync("Correct-Horse-9", result)).toBe(true);
      expect(workerPoolStats().running).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
