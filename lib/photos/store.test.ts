import { chmodSync, existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "@/tests/helpers/temp-dir";
import { deleteWithFiles, newPhotoPath, resolvePhoto, sweepUploads, writePhoto } from "./store";

const root = tempDir("rd-store-");
process.env.UPLOAD_DIR = root;
process.env.DATABASE_URL ??= "postgresql://unused@127.0.0.1:1/x";

describe("the photo store", () => {
  it("names photos with 128 random bits and resolves only its own names", () => {
    const a = newPhotoPath("jpg");
    expect(a).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.jpg$/);
    expect(newPhotoPath("jpg")).not.toBe(a);
    expect(resolvePhoto(a)).toBe(path.join(root, a));
    for (const bad of ["../x.jpg", "ab/../../etc/passwd", "/etc/passwd", "ab/cd.jpg", `${a}.html`])
      expect(resolvePhoto(bad)).toBeNull();
  });

  it("keeps photos and signatures to the app's own user: 0600 files in 0700 folders, older open ones tightened", async () => {
    const previous = process.umask(0o022);
    try {
      const file = newPhotoPath("png");
      await writePhoto(file, new Uint8Array([1]));
      const full = resolvePhoto(file)!;
      expect(statSync(full).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(full)).mode & 0o777).toBe(0o700);

      // What an older release wrote: readable by every local user.
      chmodSync(full, 0o644);
      chmodSync(path.dirname(full), 0o755);
      await sweepUploads(async (paths) => new Set(paths));
      expect(statSync(full).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(full)).mode & 0o777).toBe(0o700);
      expect(existsSync(full)).toBe(true);
      await deleteWithFiles([file], async () => undefined);
    } finally {
      process.umask(previous);
    }
  });

  it("puts the files back when the records cannot be deleted", async () => {
    const files = [newPhotoPath("png"), newPhotoPath("jpg")];
    for (const file of files) await writePhoto(file, new Uint8Array([1, 2, 3]));
    await expect(
      deleteWithFiles(files, async () => {
        for (const file of files) expect(existsSync(resolvePhoto(file)!)).toBe(false); // set aside meanwhile
        throw new Error("database gone");
      }),
    ).rejects.toThrow("database gone");
    for (const file of files) expect(existsSync(resolvePhoto(file)!)).toBe(true);

    await deleteWithFiles(files, async () => undefined);
    for (const file of files) expect(existsSync(resolvePhoto(file)!)).toBe(false);
  });

  it("puts the folder back in step with the records after a crash", async () => {
    const kept = newPhotoPath("webp");
    await writePhoto(kept, new Uint8Array([9]));
    const folder = path.dirname(resolvePhoto(kept)!);
    const prefix = path.basename(folder);
    const at = (name: string) => path.join(folder, name);
    writeFileSync(at("0".repeat(32) + ".jpg.deleted"), "x"); // deleted: its record is gone
    writeFileSync(at("1".repeat(32) + ".png.partial"), "x"); // a write cut short
    writeFileSync(at("2".repeat(32) + ".jpg.deleted"), "x"); // set aside, but its record is still there
    writeFileSync(at("3".repeat(32) + ".jpg"), "x"); // written, record never committed
    const recorded = new Set([kept, `${prefix}/${"2".repeat(32)}.jpg`]);
    const check = async (paths: string[]) => new Set(paths.filter((p) => recorded.has(p)));

    // Within the age limit everything may still be in progress: nothing is touched.
    expect(await sweepUploads(check)).toEqual({ removed: 0, restored: 0 });
    expect(readdirSync(folder)).toHaveLength(5);

    const result = await sweepUploads(check, 0);
    expect(result).toEqual({ removed: 3, restored: 1 });
    expect(readdirSync(folder).sort()).toEqual([path.basename(kept), "2".repeat(32) + ".jpg"].sort());
  });
});
