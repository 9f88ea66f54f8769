import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { DELETE as deletePhotoRoute } from "@/app/api/repairs/[id]/photos/[photoId]/route";
import { POST as uploadRoute } from "@/app/api/repairs/[id]/photos/route";
import { DELETE as deleteRepairRoute } from "@/app/api/repairs/[id]/route";
import { db } from "@/lib/db";
import { bearer } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { tempDir } from "../helpers/temp-dir";
import { withTestDatabase } from "../helpers/test-database";

// The upload folder on a real, tiny tmpfs: filled up, then remounted
// read-only. Every photo operation answers a clear 507, and records and files
// stay in step: no record without its file, no file without its record.

const uploads = path.join(tempDir("rd-disk-"), "uploads");
mkdirSync(uploads);
execFileSync("mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", uploads]);
afterAll(() => {
  execFileSync("umount", ["-l", uploads]);
});
process.env.UPLOAD_DIR = uploads;
withTestDatabase();

const STORAGE = {
  error: "Photos cannot be stored right now. Please tell your administrator.",
  code: "storageUnavailable",
};
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

async function upload(token: string, repairId: string) {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c0c0c0" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("photos", new Blob([jpeg as BlobPart], { type: "image/jpeg" }), "case.jpg");
  return uploadRoute(
    new Request(`http://localhost/api/repairs/${repairId}/photos`, {
      method: "POST",
      headers: bearer(token),
      body: form,
    }),
    ctx({ id: repairId }),
  );
}

const files = () =>
  readdirSync(uploads, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(uploads, path.join(e.parentPath, e.name)))
    .sort();

/** Every photo record has its file and every stored file has its record. */
async function expectInStep(except: string[] = []) {
  const recorded = (await db().photo.findMany({ select: { filePath: true } })).map((p) => p.filePath).sort();
  expect(files().filter((f) => !except.includes(f))).toEqual(recorded);
}

describe("upload folder faults", () => {
  it("a full disk: a clear 507, no record, no file left behind", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api);
    expect((await upload(token, repair.id)).status).toBe(201);

    // Fill what is left of the 512 kB.
    const filler = path.join(uploads, "filler.bin");
    try {
      writeFileSync(filler, Buffer.alloc(1024 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
    }
    const full = await upload(token, repair.id);
    expect(full.status).toBe(507);
    expect(await full.json()).toEqual(STORAGE);
    expect(await db().photo.count({ where: { repairId: repair.id } })).toBe(1);
    await expectInStep(["filler.bin"]);
    execFileSync("rm", [filler]);
    expect((await upload(token, repair.id)).status).toBe(201);
    await expectInStep();
  });

  it("a read-only folder: uploads and deletes answer 507 and change nothing; all works once it is writable", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api);
    const added = await upload(token, repair.id);
    const photoId = ((await added.json()) as { photos: Array<{ id: string }> }).photos[0].id;
    const before = files();

    execFileSync("mount", ["-o", "remount,ro", uploads]);
    try {
      // Several tries: each photo lands in one of 256 folders, new or not.
      for (let i = 0; i < 4; i++) {
        const refused = await upload(token, repair.id);
        expect(refused.status).toBe(507);
        expect(await refused.json()).toEqual(STORAGE);
      }

      const removePhoto = await deletePhotoRoute(
        new Request("http://localhost", { method: "DELETE", headers: bearer(token) }),
        ctx({ id: repair.id, photoId }),
      );
      expect(removePhoto.status).toBe(507);
      expect(await removePhoto.json()).toEqual(STORAGE);

      const removeRepair = await deleteRepairRoute(
        new Request("http://localhost", { method: "DELETE", headers: bearer(token) }),
        ctx({ id: repair.id }),
      );
      expect(removeRepair.status).toBe(507);
      expect(await db().repair.count({ where: { id: repair.id } })).toBe(1);
      expect(await db().photo.count({ where: { repairId: repair.id } })).toBe(1);
      expect(files()).toEqual(before);
    } finally {
      execFileSync("mount", ["-o", "remount,rw", uploads]);
    }
    await expectInStep();

    const removed = await deleteRepairRoute(
      new Request("http://localhost", { method: "DELETE", headers: bearer(token) }),
      ctx({ id: repair.id }),
    );
    expect(removed.status).toBe(200);
    await expectInStep();
  });
});
