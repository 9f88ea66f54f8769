import sharp from "sharp";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { POST as signRoute } from "@/app/api/repairs/[id]/signatures/route";
import { POST as restoreRoute } from "@/app/api/repairs/[id]/restore/route";
import { GET as serveRoute } from "@/app/uploads/[...path]/route";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { cleanImage, IMAGE_SLOTS, imageWork, MAX_IMAGES_WAITING } from "@/lib/photos/image";
import { resolvePhoto } from "@/lib/photos/store";
import { addSignature } from "@/lib/repairs/signatures";
import { photoLikeJpeg } from "@/scripts/lib/photo-like";
import { authed } from "../helpers/auth";
import { createRepair, shopSession, uploadPhotos } from "../helpers/repairs";
import { tempDir } from "../helpers/temp-dir";
import { withTestDatabase } from "../helpers/test-database";

// Signatures are uploads like photos (the third security review): the shop's
// upload slots and the images' queue, every refusal that needs no decoding
// before any image work, a pad's pixels at most, and each stage only at its
// moment.

process.env.UPLOAD_DIR = tempDir("rd-signature-uploads-");
withTestDatabase();

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const sign = (token: string, id: string, body: unknown) =>
  signRoute(authed(`/api/repairs/${id}/signatures`, token, body), ctx(id));
const png = async (width: number, height: number) =>
  `data:image/png;base64,${(
    await sharp({ create: { width, height, channels: 3, background: "#fff" } })
      .png({ palette: true, colours: 2, compressionLevel: 9 })
      .toBuffer()
  ).toString("base64")}`;
const photoForm = async () => {
  const form = new FormData();
  form.append("photos", new Blob([(await photoLikeJpeg(800, 600)) as BlobPart], { type: "image/jpeg" }), "ring.jpg");
  return form;
};

describe("signatures go through the uploads' limits", () => {
  it("refuses 36-megapixel signatures and a signed stage before decoding, while another shop signs and uploads", async () => {
    const hostile = await shopSession();
    const signed = await createRepair(hostile.api);
    expect(
      (await sign(hostile.token, signed.id, { stage: "intake", signer_name: "A", image: await png(600, 200) })).status,
    ).toBe(201);
    const fresh = await createRepair(hostile.api);
    const huge = await png(6_000, 6_000);
    expect(huge.length).toBeLessThan(720 * 1024);

    const other = await shopSession();
    const theirs = await createRepair(other.api);
    const before = imageWork().started;
    const flood = (repairId: string) =>
      Promise.all(
        Array.from({ length: 10 }, () =>
          sign(hostile.token, repairId, { stage: "intake", signer_name: "B", image: huge }),
        ),
      );
    // Each flood beside the other shop's own upload: theirs goes through. The flood's are refused as signed
    // already or too large, or past the shop's two upload slots (429), never as busy or unreadable.
    const [again, theirSignature] = await Promise.all([
      flood(signed.id),
      sign(other.token, theirs.id, { stage: "intake", signer_name: "Núria", image: await png(900, 300) }),
    ]);
    const [tooLarge, theirPhoto] = await Promise.all([
      flood(fresh.id),
      photoForm().then((form) => uploadPhotos(other.token, theirs.id, form)),
    ]);
    expect(theirSignature.status).toBe(201);
    expect(theirPhoto.status).toBe(201);
    for (const answer of again) expect([409, 429]).toContain(answer.status);
    expect(again.filter((a) => a.status === 409).length).toBeGreaterThan(0);
    for (const answer of tooLarge) expect([413, 429]).toContain(answer.status);
    const refused = await Promise.all(tooLarge.filter((a) => a.status === 413).map((a) => a.json()));
    expect(refused.length).toBeGreaterThan(0);
    for (const body of refused) expect(body.code).toBe("signatureTooLarge");
    // Only the other shop's two images were ever decoded.
    expect(imageWork().started - before).toBe(2);
    expect(await db().signature.count({ where: { repairId: fresh.id } })).toBe(0);
  });

  it("answers busy (503), not 'could not be read', when the images' queue is full", async () => {
    const { token, owner, api } = await shopSession();
    const repair = await createRepair(api);
    const user = await db().user.findUniqueOrThrow({ where: { email: owner.email } });
    const others = await photoLikeJpeg(1200, 900);
    const filling = Array.from({ length: IMAGE_SLOTS + MAX_IMAGES_WAITING }, () => cleanImage(others));
    while (imageWork().waiting < MAX_IMAGES_WAITING) await new Promise((resolve) => setTimeout(resolve, 1));
    const image = await png(600, 200);
    // Through the route: refused before its body is read.
    const viaRoute = await sign(token, repair.id, { stage: "intake", signer_name: "A", image });
    expect(viaRoute.status).toBe(503);
    expect(viaRoute.headers.get("retry-after")).toBe("5");
    // And where the queue fills while the body is read: still busy.
    const scope = { shopId: user.shopId, repairId: repair.id, userId: user.id };
    const late = await addSignature(db(), scope, { stage: "intake", signer_name: "A", image }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(AppError);
    expect((late as AppError).code).toBe("busy");
    await Promise.all(filling);
    expect((await sign(token, repair.id, { stage: "intake", signer_name: "A", image })).status).toBe(201);
  });
});

describe("each stage is signed at its moment", () => {
  it("takes a pickup signature only once the item is handed over", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api, { status: "ready" });
    const image = await png(600, 200);
    const early = await sign(token, repair.id, { stage: "pickup", signer_name: "Pere", image });
    expect(early.status).toBe(422);
    expect(await early.json()).toMatchObject({
      code: "signaturePickupTooEarly",
      error: "The pickup is signed when the item is handed over",
    });
    expect((await api.update(repair.id, { status: "picked_up", collected_by: "Pere" })).status).toBe(200);
    expect((await sign(token, repair.id, { stage: "pickup", signer_name: "Pere", image })).status).toBe(201);
  });

  it("takes an intake signature before work starts, or within a day of the intake", async () => {
    const { token, api } = await shopSession();
    const image = await png(600, 200);
    const today = await createRepair(api, { status: "in_repair" });
    expect((await sign(token, today.id, { stage: "intake", signer_name: "Ana", image })).status).toBe(201);

    const waiting = await createRepair(api, { status: "diagnosing" });
    const working = await createRepair(api, { status: "in_repair" });
    await db().repair.updateMany({
      where: { id: { in: [waiting.id, working.id] } },
      data: { createdAt: new Date(Date.now() - 3 * 24 * 3_600_000) },
    });
    expect((await sign(token, waiting.id, { stage: "intake", signer_name: "Ana", image })).status).toBe(201);
    const late = await sign(token, working.id, { stage: "intake", signer_name: "Ana", image });
    expect(late.status).toBe(422);
    expect((await late.json()).code).toBe("signatureIntakeTooLate");
  });
});

describe("a deleted repair's signatures", () => {
  it("are no longer served from the moment it is deleted, kept on disk with it, and served again once restored", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api);
    const signature = await (
      await sign(token, repair.id, { stage: "intake", signer_name: "A", image: await png(600, 200) })
    ).json();
    const filePath = signature.url.slice("/uploads/".length);
    const serve = () =>
      serveRoute(new Request(`http://localhost${signature.url}`), {
        params: Promise.resolve({ path: filePath.split("/") }),
      });
    expect((await serve()).status).toBe(200);
    expect((await api.remove(repair.id)).status).toBe(200);
    expect((await serve()).status).toBe(404);
    // Signed: archived, not erased (lib/repairs/archive.ts); its signature is a record kept.
    expect(existsSync(resolvePhoto(filePath)!)).toBe(true);
    const restored = await restoreRoute(authed(`/api/repairs/${repair.id}/restore`, token, {}), {
      params: Promise.resolve({ id: repair.id }),
    });
    expect(restored.status).toBe(200);
    expect((await serve()).status).toBe(200);
  });
});
