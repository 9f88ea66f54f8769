import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createRepair, shopSession, uploadPhotos } from "../helpers/repairs";
import { tempDir } from "../helpers/temp-dir";
import { withTestDatabase } from "../helpers/test-database";

// Each shop keeps at most UPLOAD_QUOTA_MB of photos (1 MB here): past it, a
// clear 507 and nothing stored; another shop is not held back by it.

process.env.UPLOAD_QUOTA_MB = "1";
const uploads = tempDir("rd-quota-");
process.env.UPLOAD_DIR = uploads;
const storedFiles = () =>
  readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
withTestDatabase();

/** A PNG of noise, which no compression shrinks: about 600 kB. */
const noisy = () =>
  sharp(randomBytes(450 * 450 * 3), { raw: { width: 450, height: 450, channels: 3 } })
    .png()
    .toBuffer();

async function upload(token: string, repairId: string) {
  const form = new FormData();
  form.append("photos", new Blob([(await noisy()) as BlobPart], { type: "image/png" }), "noise.png");
  return uploadPhotos(token, repairId, form);
}
describe("the photo quota per shop", () => {
  it("refuses an upload past the shop's quota with a clear 507, storing nothing of it", async () => {
    const { api, token, owner } = await shopSession();
    const repair = await createRepair(api);
    expect((await upload(token, repair.id)).status).toBe(201);
    const refused = await upload(token, repair.id);
    expect(refused.status).toBe(507);
    expect(await refused.json()).toEqual({
      code: "uploadQuotaExceeded",
      error: "This shop has used all its photo storage. Delete some photos or ask your administrator for more space.",
    });
    expect(await db().photo.count({ where: { shopId: owner.shopId } })).toBe(1);
    expect(storedFiles()).toBe(1);

    const other = await shopSession();
    const elsewhere = await createRepair(other.api);
    expect((await upload(other.token, elsewhere.id)).status).toBe(201);
    expect(storedFiles()).toBe(2);
  });
});
