import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signedInOwner } from "./session";

test("a photo taken with the camera is added as a JPEG and stored with the new repair", async ({ page, request }) => {
  const { headers } = await signedInOwner(page, request);
  await page.goto("/repairs");
  await page.getByRole("button", { name: "New repair" }).click();
  const form = page.getByRole("dialog", { name: "New repair" });
  await form.getByLabel("Repair number").fill("R-CAM");
  await form.getByLabel("Customer name").fill("Iñaki");
  await form.getByLabel("Item description").fill("Rellotge de butxaca");

  await form.getByRole("button", { name: "Take photo" }).click();
  const camera = page.getByRole("dialog", { name: "Camera" });
  await expect(camera.getByRole("button", { name: "Capture" })).toBeEnabled();
  await expect.poll(() => camera.locator("video").evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await camera.getByRole("button", { name: "Capture" }).click();
  await expect(camera).toBeHidden();
  await expect(form.getByRole("button", { name: /^Remove camera-\d+\.jpg$/ })).toHaveCount(1);

  await form.getByRole("button", { name: "Create repair" }).click();
  await expect(form).toBeHidden();
  const listed = await (await request.get("/api/repairs?search=R-CAM", { headers })).json();
  const repair = await (await request.get(`/api/repairs/${listed.repairs[0].id}`, { headers })).json();
  expect(repair.photos).toHaveLength(1);
  expect(repair.photos[0].file_name).toMatch(/^camera-\d+\.jpg$/);
  const stored = await request.get(repair.photos[0].url);
  expect((await sharp(await stored.body()).metadata()).format).toBe("jpeg");
});

test("a refused camera permission shows the spec's alert", async ({ page, request }) => {
  await signedInOwner(page, request);
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await page.goto("/repairs");
  await page.getByRole("button", { name: "New repair" }).click();
  const alerted = page.waitForEvent("dialog");
  await page.getByRole("button", { name: "Take photo" }).click();
  const dialog = await alerted;
  expect(dialog.message()).toBe("Could not access camera. Please check permissions.");
  await dialog.accept();
  await expect(page.getByRole("dialog", { name: "Camera" })).toBeHidden();
});
