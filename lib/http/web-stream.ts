import type { Readable } from "node:stream";

/**
 * A Node stream as a response body. Node 20's Readable.toWeb closes its
 * controller once more after a client cancelled the download ("Invalid
 * state: Controller is already closed", thrown where nothing can catch it,
 * which ends the process); this one stops listening once the body is done,
 * cancelled or failed. Back-pressure: the Node stream pauses while the
 * body's queue is full.
 */
export function webStreamOf(source: Readable): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const finish = (end: () => void) => {
          if (done) return;
          done = true;
          source.off("data", onData);
          end();
        };
        const onData = (chunk: Buffer | string) => {
          if (done) return;
          controller.enqueue(
            typeof chunk === "string"
              ? new TextEncoder().encode(chunk)
              : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength),
          );
          if ((controller.desiredSize ?? 1) <= 0) source.pause();
        };
        source.on("data", onData);
        source.once("end", () => finish(() => controller.close()));
        source.once("error", (error) => finish(() => controller.error(error)));
        source.once("close", () => finish(() => controller.error(new Error("the stream closed before its end"))));
      },
      pull() {
        source.resume();
      },
      cancel() {
        done = true;
        source.destroy();
      },
    },
    { highWaterMark: 1 },
  );
}
