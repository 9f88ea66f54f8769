import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import {
  continueInBackground,
  databaseTurn,
  giveWayToRequests,
  releaseDatabaseTurn,
  requestCounter,
  requestStarted,
  takeDatabaseTurn,
} from "./requests";

const serving = () => Atomics.load(requestCounter(), 0);

/**
 * A thread running `body` with this module's exports in scope (loaded through
 * tsx), and parentPort, threadId and workerData; what it says is kept.
 */
function threadWith(body: string, workerData: unknown) {
  const source = JSON.stringify(pathToFileURL(path.join(import.meta.dirname, "requests.ts")).href);
  const worker = new Worker(
    `const { parentPort, threadId, workerData } = require("node:worker_threads");
     import("tsx/esm/api").then(({ tsImport }) => tsImport(${source}, ${source})).then((requests) => { ${body} });`,
    { eval: true, workerData },
  );
  const said: string[] = [];
  worker.on("message", (message: string) => said.push(message));
  /** Resolves once the thread has said `word` (or already had). */
  const saying = (word: string) =>
    new Promise<void>((resolve) => {
      if (said.includes(word)) return resolve();
      worker.on("message", (message: string) => message === word && resolve());
    });
  return { worker, said, saying };
}

/** A thread that gives way to requests (up to `maxMs`) and says when it went on. */
function backgroundThread(maxMs: number) {
  const thread = threadWith(
    `parentPort.postMessage("waiting");
     requests.giveWayToRequests(workerData.counter, workerData.maxMs);
     parentPort.postMessage("went on");`,
    { counter: requestCounter(), maxMs },
  );
  return {
    said: thread.said,
    waiting: thread.saying("waiting"),
    wentOn: thread.saying("went on"),
    stop: () => thread.worker.terminate(),
  };
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

/** A thread that takes the database's turn and says when it has it; it ends holding it unless told to give it back. */
const readingThread = (turn: Int32Array) =>
  threadWith(
    `parentPort.postMessage("waiting");
     const done = requests.takeDatabaseTurn(workerData.turn, threadId, 30_000);
     parentPort.postMessage("reading");
     parentPort.once("message", (message) => { if (message === "done") done(); parentPort.postMessage("done"); });`,
    { turn },
  );

describe("the database's turn among background threads (two exports never read at once)", () => {
  it("is taken by one thread at a time, again at once by its holder, and given back once", () => {
    const turn = new Int32Array(new SharedArrayBuffer(4));
    const first = takeDatabaseTurn(turn, 7);
    expect(Atomics.load(turn, 0)).toBe(7);
    takeDatabaseTurn(turn, 7, 0);
    // Another thread waits for it, at most its longest wait, then reads anyway without it.
    const started = performance.now();
    const other = takeDatabaseTurn(turn, 8, 50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(49);
    expect(Atomics.load(turn, 0)).toBe(7);
    other();
    expect(Atomics.load(turn, 0)).toBe(7);
    first();
    expect(Atomics.load(turn, 0)).toBe(0);
    const next = takeDatabaseTurn(turn, 8, 0);
    expect(Atomics.load(turn, 0)).toBe(8);
    first();
    expect(Atomics.load(turn, 0)).toBe(8);
    next();
    expect(Atomics.load(turn, 0)).toBe(0);
  });

  it("passes to a waiting thread as soon as it is given back, and from a thread that ended holding it", async () => {
    const turn = new Int32Array(new SharedArrayBuffer(4));
    const a = readingThread(turn);
    await a.saying("reading");
    const b = readingThread(turn);
    try {
      await b.saying("waiting");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(b.said).toEqual(["waiting"]);
      a.worker.postMessage("done");
      await b.saying("reading");
      expect(Atomics.load(turn, 0)).toBe(b.worker.threadId);

      // b ends holding it (an export's thread stopped outright): its exit gives it back, as thread.ts does.
      const c = readingThread(turn);
      try {
        await c.saying("waiting");
        const id = b.worker.threadId;
        await b.worker.terminate();
        releaseDatabaseTurn(turn, id);
        await c.saying("reading");
        expect(Atomics.load(turn, 0)).toBe(c.worker.threadId);
      } finally {
        await c.worker.terminate();
      }
    } finally {
      await a.worker.terminate();
      await b.worker.terminate();
    }
  });

  it("is one for the whole process", () => {
    expect(databaseTurn()).toBe(databaseTurn());
    expect(databaseTurn().buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
