import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { createShopWithOwner } from "@/lib/accounts/create-shop";
import { e2eDb } from "./database";

// Photos are written after the build; the production server must serve them.
test("a photo uploaded to the running server is served at /uploads/{file_path}", async ({ request }) => {
  const email = "photos.served@example.com";
  const client = e2eDb();
  try {
    await createShopWithOwner(client, { shopName: "Rellotgeria", name: "Jordi", email, password: "Correct-Horse-9" });
  } finally {
    await client.$disconnect();
  }
  const { accessToken } = await (
    await request.post("/api/auth/login", { data: { email, password: "Correct-Horse-9" } })
  ).json();
  const headers = { Authorization: `Bearer ${accessToken}` };
  const repair = await (
    await request.post("/api/repairs", {
      headers,
      data: { repair_number: "R-21112026-00001", customer_name: "Jordi", item_description: "Rellotge" },
    })
  ).json();
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } })
    .png()
    .toBuffer();
  const uploaded = await request.post(`/api/repairs/${repair.id}/photos`, {
    headers,
    multipart: { photos: { name: "front.png", mimeType: "image/png", buffer: png } },
  });
  expect(uploaded.status()).toBe(201);
  const { photos } = await uploaded.json();

  const served = await request.get(photos[0].url);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await sharp(await served.body()).metadata()).format).toBe("png");

  expect((await request.get("/uploads/../../data/secrets.json")).status()).toBe(404);
  expect((await request.get("/uploads/ab/cd.png")).status()).toBe(404);
});
