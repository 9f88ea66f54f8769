import type { Locator, Page } from "@playwright/test";

/** A signature drawn across the box, as a finger would. */
export async function drawSignature(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 12), box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)));
  await page.mouse.up();
}
