import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { continueInBackground, giveWayToRequests, requestCounter, requestStarted } from "./requests";

const serving = () => Atomics.load(requestCounter(), 0);

/** A thread that gives way to requests (up to `maxMs`) and says when it went on. */
function backgroundThread(maxMs: number) {
  const source = pathToFileURL(path.join(import.meta.dirname, "requests.ts")).href;
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))
       .then(({ giveWayToRequests }) => {
         parentPort.postMessage("waiting");
         giveWayToRequests(workerData.counter, workerData.maxMs);
         parentPort.postMessage("went on");
       });`,
    { eval: true, workerData: { counter: requestCounter(), maxMs } },
  );
  const said: string[] = [];
  const wentOn = new Promise<void>((resolve) =>
    worker.on("message", (message: string) => {
      said.push(message);
      if (message === "went on") resolve();
    }),
  );
  const waiting = new Promise<void>((resolve) => worker.once("message", () => resolve()));
  return { said, waiting, wentOn, stop: () => worker.terminate() };
}

describe("requests being served, as background threads see them", () => {
  it("counts requests until each has ended once, and an export's download apart from them", () => {
    const start = serving();
    const first = requestStarted();
    const second = requestStarted();
    expect(serving()).toBe(start + 2);
    first();
    first();
    expect(serving()).toBe(start + 1);
    const download = continueInBackground();
    expect(serving()).toBe(start);
    download();
    expect(serving()).toBe(start + 1);
    second();
    download();
    expect(serving()).toBe(start);
  });

  it("goes on at once when no request is being served", () => {
    while (serving() > 0) continueInBackground();
    const started = performance.now();
    giveWayToRequests(requestCounter(), 1_000);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("waits while a request is served, and goes on as soon as it has ended", async () => {
    while (serving() > 0) continueInBackground();
    const served = requestStarted();
    const thread = backgroundThread(30_000);
    try {
      await thread.waiting;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(thread.said).toEqual(["waiting"]);
      const ended = performance.now();
      served();
      await thread.wentOn;
      expect(performance.now() - ended).toBeLessThan(5_000);
    } finally {
      await thread.stop();
    }
  });

  it("goes on after its longest wait under steady load", () => {
    while (serving() > 0) continueInBackground();
    const served = requestStarted();
    try {
      const started = performance.now();
      giveWayToRequests(requestCounter(), 50);
      expect(performance.now() - started).toBeGreaterThanOrEqual(49);
    } finally {
      served();
    }
  });
});
