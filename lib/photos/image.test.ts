import sharp from "sharp";
import { existsSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { photoLikeJpeg } from "@/scripts/lib/photo-like";
import { IDLE_CLASS, processThreads } from "../../tests/helpers/threads";
import { cleanImage, IMAGE_SLOTS, imageWork, MAX_IMAGES_WAITING } from "./image";

// The images are cleaned at the idle scheduling class: on a machine busy with
// the other test files they wait for it, so these tests get time to.
describe("cleaning images, one core fewer than the machine has", { timeout: 30_000 }, () => {
  it("cleans as many at once as there are slots, the rest in turn, each a whole clean image", async () => {
    const bytes = await photoLikeJpeg(1200, 900);
    let most = 0;
    let queued = 0;
    const watch = setInterval(() => {
      most = Math.max(most, imageWork().running);
      queued = Math.max(queued, imageWork().waiting);
    }, 1);
    const cleaned = await Promise.all(Array.from({ length: IMAGE_SLOTS + 2 }, () => cleanImage(bytes)));
    clearInterval(watch);
    expect(most).toBe(IMAGE_SLOTS);
    expect(queued).toBe(2);
    for (const image of cleaned) {
      expect(image.kind).toBe("jpg");
      expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 1200, height: 900, format: "jpeg" });
    }
    expect(imageWork()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("refuses an image beyond the queue as busy, with a time to retry, and cleans the rest", async () => {
    // Each takes tens of milliseconds; reading the headers of all of them, a few.
    const bytes = await photoLikeJpeg(1200, 900);
    const outcomes = await Promise.all(
      Array.from({ length: IMAGE_SLOTS + MAX_IMAGES_WAITING + 1 }, () =>
        cleanImage(bytes).then(
          () => "cleaned",
          (error: { code?: string; retryAfter?: number }) => `${error.code}:${error.retryAfter}`,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "busy:5")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "cleaned")).toHaveLength(IMAGE_SLOTS + MAX_IMAGES_WAITING);
    expect(imageWork()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("does the pixels' work on threads at nice 10, in the idle class where chrt is (Debian, the Docker image)", async () => {
    const image = await cleanImage(await photoLikeJpeg(1200, 900));
    expect(image.kind).toBe("jpg");
    // Made during the first image, lowered as it ends; every later image finds them lowered.
    await vi.waitFor(() => {
      const threads = processThreads().filter((t) => t.name === "libvips worker");
      expect(threads.length).toBeGreaterThan(0);
      const idle = existsSync("/usr/bin/chrt");
      expect(threads.every((t) => t.nice === 10 && (t.policy === IDLE_CLASS) === idle)).toBe(true);
    });
  });
});
