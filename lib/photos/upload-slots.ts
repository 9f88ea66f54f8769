import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";

// Upload bodies being read at once, in all and per shop. A body is taken in
// only within a slot; an upload that finds none is answered before a byte of
// it is read: busy (503) when the server has its fill, too many (429) when
// the caller's own shop has. So one account cannot hold the server's memory
// or its images' queue from the other shops.

/** Upload bodies read at once (each up to two photos): as many as the images' queue can take. */
export const MAX_UPLOADS_IN_FLIGHT = 4;
/** Of those, one shop's at once. */
export const MAX_SHOP_UPLOADS_IN_FLIGHT = 2;

const slots = processWide("uploadSlots", () => ({ total: 0, byShop: new Map<string, number>() }));

export async function inUploadSlot<T>(shopId: string, work: () => Promise<T>): Promise<T> {
  const shop = slots.byShop.get(shopId) ?? 0;
  if (shop >= MAX_SHOP_UPLOADS_IN_FLIGHT) throw new AppError("tooManyUploads", { retryAfter: 5 });
  if (slots.total >= MAX_UPLOADS_IN_FLIGHT) throw new AppError("busy", { retryAfter: 5 });
  slots.total++;
  slots.byShop.set(shopId, shop + 1);
  try {
    return await work();
  } finally {
    slots.total--;
    const left = (slots.byShop.get(shopId) ?? 1) - 1;
    if (left > 0) slots.byShop.set(shopId, left);
    else slots.byShop.delete(shopId);
  }
}
