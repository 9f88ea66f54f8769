import jsQR from "jsqr";
import sharp from "sharp";

/** The text a QR code given as an image data URL (PNG) holds, read back from its pixels; null if none is found. */
export async function readQrDataUrl(dataUrl: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(dataUrl.split(",")[1], "base64"))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null
  );
}
