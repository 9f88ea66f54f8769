import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "@/tests/helpers/temp-dir";
import { relocateLegacyUploads } from "./relocate";

describe("relocateLegacyUploads", () => {
  it("moves the photo folders of the old store into the new one, and leaves what is already there", () => {
    const root = tempDir("rd-relocate-");
    const legacy = path.join(root, "public", "uploads");
    const current = path.join(root, "data", "uploads");
    mkdirSync(path.join(legacy, "ab"), { recursive: true });
    writeFileSync(path.join(legacy, "ab", "photo.jpg"), "old photo");
    mkdirSync(path.join(legacy, "cd"), { recursive: true });
    mkdirSync(path.join(current, "cd"), { recursive: true });
    writeFileSync(path.join(current, "cd", "kept.jpg"), "new photo");

    expect(relocateLegacyUploads(legacy, current)).toBe(1);
    expect(readFileSync(path.join(current, "ab", "photo.jpg"), "utf8")).toBe("old photo");
    expect(existsSync(path.join(legacy, "ab"))).toBe(false);
    expect(readFileSync(path.join(current, "cd", "kept.jpg"), "utf8")).toBe("new photo");
    // A second start has nothing left to move.
    expect(relocateLegacyUploads(legacy, current)).toBe(0);
  });

  it("does nothing without an old store, or when both are the same folder", () => {
    const root = tempDir("rd-relocate-");
    expect(relocateLegacyUploads(path.join(root, "missing"), path.join(root, "new"))).toBe(0);
    expect(relocateLegacyUploads(root, root)).toBe(0);
  });
});
