import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DELETE as deletePhotoRoute } from "@/app/api/repairs/[id]/photos/[photoId]/route";
import { GET as listRoute, POST as uploadRoute } from "@/app/api/repairs/[id]/photos/route";
import { GET as serveRoute } from "@/app/uploads/[...path]/route";
import { db } from "@/lib/db";
import { cleanImage, IMAGE_SLOTS, imageWork, MAX_IMAGES_WAITING } from "@/lib/photos/image";
import { bearer } from "../helpers/auth";
import { photoLikeJpeg } from "@/scripts/lib/photo-like";
import { createRepair, shopSession } from "../helpers/repairs";
import { tempDir } from "../helpers/temp-dir";
import { withTestDatabase } from "../helpers/test-database";

const uploads = tempDir("rd-uploads-");
process.env.UPLOAD_DIR = uploads;
withTestDatabase();

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

async function jpegWithGpsAndRotation() {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: "#b08d57" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 23/1 0/1" } })
    .toBuffer();
}
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 4, background: "#00f0" } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f0" } })
    .webp()
    .toBuffer();

function form(...files: [Uint8Array | string, string, string?][]) {
  const data = new FormData();
  for (const [bytes, name, type] of files)
    data.append("photos", new Blob([bytes as BlobPart], { type: type ?? "image/jpeg" }), name);
  return data;
}

function upload(token: string, repairId: string, body: BodyInit, headers: Record<string, string> = {}) {
  return uploadRoute(
    new Request(`http://localhost/api/repairs/${repairId}/photos`, {
      method: "POST",
      headers: { ...bearer(token), ...headers },
      body,
      duplex: "half",
    } as RequestInit),
    ctx({ id: repairId }),
  );
}

const storedFiles = () =>
  readdirSync(uploads, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

async function repairWithSession() {
  const session = await shopSession();
  const repair = await createRepair(session.api);
  return { ...session, repair };
}

describe("POST /api/repairs/{id}/photos", () => {
  it("stores real images under random names, without metadata, upright, and lists them", async () => {
    const { token, api, repair } = await repairWithSession();
    const response = await upload(
      token,
      repair.id,
      form([await jpegWithGpsAndRotation(), "../../../etc/front.jpg"], [await png(), "back.png", "image/png"]),
    );
    expect(response.status).toBe(201);
    const { photos } = await response.json();
    expect(photos).toHaveLength(2);
    expect(photos[0].file_name).toBe(".._.._.._etc_front.jpg");
    for (const photo of photos) {
      expect(photo.file_path).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.(jpg|png)$/);
      expect(photo.url).toBe(`/uploads/${photo.file_path}`);
    }
    const jpeg = readFileSync(path.join(uploads, photos[0].file_path));
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined(); // no EXIF at all: no GPS position, no maker
    expect(jpeg.includes(Buffer.from("PhoneMaker"))).toBe(false);
    expect([meta.width, meta.height]).toEqual([20, 40]); // orientation 6 applied

    const listed = await (
      await listRoute(new Request("http://localhost", { headers: bearer(token) }), ctx({ id: repair.id }))
    ).json();
    expect(listed.photos.map((p: { id: string }) => p.id)).toEqual(photos.map((p: { id: string }) => p.id));
    // The detail gives each photo exactly as the upload answered it, oldest first.
    expect((await (await api.get(repair.id)).json()).photos).toEqual(photos);
  });

  it("accepts WebP", async () => {
    const { token, repair } = await repairWithSession();
    const response = await upload(token, repair.id, form([await webp(), "x.webp", "image/webp"]));
    expect(response.status).toBe(201);
    expect((await response.json()).photos[0].file_path).toMatch(/\.webp$/);
  });

  it.each([
    [
      "HTML named .png",
      Buffer.from("<html><script>alert(1)</script></html>"),
      "evil.png",
      "image/png",
      415,
      "Only JPEG, PNG and WebP images can be uploaded",
    ],
    [
      "SVG named .png",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      "evil.png",
      "image/svg+xml",
      415,
      "Only JPEG, PNG and WebP images can be uploaded",
    ],
    [
      "a GIF",
      Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
      "a.gif",
      "image/gif",
      415,
      "Only JPEG, PNG and WebP images can be uploaded",
    ],
    [
      "a truncated JPEG",
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]),
      "cut.jpg",
      "image/jpeg",
      422,
      "This image could not be read. Please try another one.",
    ],
  ])("refuses %s, with a valid image beside it, storing nothing", async (_, bytes, name, type, status, message) => {
    const { token, repair } = await repairWithSession();
    const before = storedFiles().length;
    const response = await upload(token, repair.id, form([await png(), "good.png", "image/png"], [bytes, name, type]));
    expect(response.status).toBe(status);
    expect((await response.json()).error).toBe(message);
    expect(await db().photo.count({ where: { repairId: repair.id } })).toBe(0);
    expect(storedFiles().length).toBe(before);
  });

  it("keeps nothing of a polyglot but the image", async () => {
    const { token, repair } = await repairWithSession();
    const polyglot = Buffer.concat([
      await jpegWithGpsAndRotation(),
      Buffer.from("<html><script>alert(document.cookie)</script>"),
    ]);
    const response = await upload(token, repair.id, form([polyglot, "poly.jpg"]));
    expect(response.status).toBe(201);
    const { photos } = await response.json();
    expect(readFileSync(path.join(uploads, photos[0].file_path)).includes(Buffer.from("<script"))).toBe(false);
  });

  it("takes at most 2 photos a request, and needs at least one", async () => {
    const { token, repair } = await repairWithSession();
    const three = await upload(
      token,
      repair.id,
      form([await png(), "1.png"], [await png(), "2.png"], [await png(), "3.png"]),
    );
    expect(three.status).toBe(400);
    expect((await three.json()).error).toBe("You can upload at most 2 photos at a time");
    const none = await upload(token, repair.id, new FormData());
    expect(none.status).toBe(400);
    expect((await none.json()).error).toBe("Choose at least one photo");
    const json = await upload(token, repair.id, JSON.stringify({ photos: [] }), { "content-type": "application/json" });
    expect(json.status).toBe(415);
    expect(await db().photo.count({ where: { repairId: repair.id } })).toBe(0);
  });

  it("refuses a photo over 10 MiB, and a too-long request before reading it", async () => {
    const { token, repair } = await repairWithSession();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    big.set([0xff, 0xd8, 0xff]);
    const tooBig = await upload(token, repair.id, form([big, "big.jpg"]));
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error).toBe("Each photo must be 10 MB or smaller");

    // A declared length over the limit is refused without reading the body.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 65536;
        controller.enqueue(new Uint8Array(65536));
      },
    });
    const declared = await upload(token, repair.id, endless, {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(50 * 1024 * 1024),
    });
    expect(declared.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(65536 * 2);

    // A body with no declared length is cut off at the limit.
    let sent = 0;
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024 * 1024;
        if (sent > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    const cut = await upload(token, repair.id, chunked, { "content-type": "multipart/form-data; boundary=x" });
    expect(cut.status).toBe(413);
    expect(sent).toBeLessThan(25 * 1024 * 1024);
  });
});

describe("photo uploads while images are being cleaned", () => {
  it("answers busy before reading the body when as many images wait as may, then takes the upload", async () => {
    const { token, repair } = await repairWithSession();
    // Other uploads' images fill every slot and the whole queue.
    const others = await photoLikeJpeg(1200, 900);
    const filling = Array.from({ length: IMAGE_SLOTS + MAX_IMAGES_WAITING }, () => cleanImage(others));
    while (imageWork().waiting < MAX_IMAGES_WAITING) await new Promise((resolve) => setTimeout(resolve, 1));

    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 65536;
        controller.enqueue(new Uint8Array(65536));
      },
    });
    const busy = await upload(token, repair.id, body, { "content-type": "multipart/form-data; boundary=x" });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("5");
    expect(await busy.json()).toEqual({
      error: "The server is busy. Please try again in a moment.",
      code: "busy",
      retryAfter: 5,
    });
    expect(pulled).toBeLessThanOrEqual(65536 * 2);
    expect(await db().photo.count({ where: { repairId: repair.id } })).toBe(0);

    await Promise.all(filling);
    const taken = await upload(token, repair.id, form([await jpegWithGpsAndRotation(), "ring.jpg"]));
    expect(taken.status).toBe(201);
    expect(await db().photo.count({ where: { repairId: repair.id } })).toBe(1);
  });
});

describe("GET /uploads/{file_path}", () => {
  it("serves a stored photo as an image that can never run, cached for good", async () => {
    const { token, repair } = await repairWithSession();
    const { photos } = await (await upload(token, repair.id, form([await png(), "p.png", "image/png"]))).json();
    const response = await serveRoute(new Request(`http://localhost${photos[0].url}`), {
      params: Promise.resolve({ path: photos[0].file_path.split("/") }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(
      Buffer.from(await response.arrayBuffer()).equals(readFileSync(path.join(uploads, photos[0].file_path))),
    ).toBe(true);
  });

  it.each<[string[]]>([
    [["..", "..", "etc", "passwd"]],
    [["ab", "..", "..", "secrets.json"]],
    [["%2e%2e", "x.jpg"]],
    [["00", "00000000000000000000000000000000.jpg"]],
    [["ab"]],
    [["ab", "cd.html"]],
  ])("answers 404 for %j", async (segments) => {
    const response = await serveRoute(new Request("http://localhost/uploads/x"), {
      params: Promise.resolve({ path: segments }),
    });
    expect(response.status).toBe(404);
  });
});

describe("deleting photos", () => {
  it("removes the record and the file; another shop gets 404", async () => {
    const { token, repair } = await repairWithSession();
    const intruder = await shopSession();
    const { photos } = await (await upload(token, repair.id, form([await png(), "p.png", "image/png"]))).json();
    const file = path.join(uploads, photos[0].file_path);
    const remove = (as: string, repairId = repair.id, photoId = photos[0].id) =>
      deletePhotoRoute(
        new Request("http://localhost", { method: "DELETE", headers: bearer(as) }),
        ctx({ id: repairId, photoId }),
      );

    expect((await remove(intruder.token)).status).toBe(404);
    const otherRepair = await createRepair(intruder.api);
    expect((await remove(intruder.token, otherRepair.id)).status).toBe(404);
    expect((await remove(token, repair.id, "not-an-id")).status).toBe(404);
    expect(existsSync(file)).toBe(true);

    const response = await remove(token);
    expect(response.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(await db().photo.count({ where: { id: photos[0].id } })).toBe(0);
    expect((await remove(token)).status).toBe(404);
  });

  it("goes with the repair: deleting it removes its photo records and files", async () => {
    const { token, api, repair } = await repairWithSession();
    const { photos } = await (
      await upload(token, repair.id, form([await png(), "1.png", "image/png"], [await webp(), "2.webp", "image/webp"]))
    ).json();
    const files = photos.map((p: { file_path: string }) => path.join(uploads, p.file_path));
    expect((await api.remove(repair.id)).status).toBe(200);
    for (const file of files) expect(existsSync(file)).toBe(false);
    expect(await db().photo.count({ where: { repairId: repair.id } })).toBe(0);
    expect(storedFiles().filter((f) => f.endsWith(".deleted"))).toEqual([]);
  });

  it("keeps another shop from adding or listing photos", async () => {
    const { repair } = await repairWithSession();
    const intruder = await shopSession();
    expect((await upload(intruder.token, repair.id, form([await png(), "p.png", "image/png"]))).status).toBe(404);
    expect(
      (await listRoute(new Request("http://localhost", { headers: bearer(intruder.token) }), ctx({ id: repair.id })))
        .status,
    ).toBe(404);
  });
});
