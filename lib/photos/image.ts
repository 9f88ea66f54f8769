import sharp from "sharp";
import { AppError } from "@/lib/errors";

// What an uploaded file really is, read from its bytes (never its name or
// declared type), and a clean copy of it: decoded and encoded again, which
// applies the EXIF orientation and drops every metadata block (GPS position
// included) and anything smuggled after the image data.

export type ImageKind = "jpg" | "png" | "webp";

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: more than any phone or studio camera, and refuses decompression bombs. */
export const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 4096;

export function detectImage(bytes: Uint8Array): ImageKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return "jpg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length > 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

export const MIME: Record<ImageKind, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

export async function cleanImage(bytes: Uint8Array): Promise<{ kind: ImageKind; bytes: Buffer }> {
  const kind = detectImage(bytes);
  if (!kind) throw new AppError("photoType");
  // The header says the size: a too-large image is refused before it is decoded.
  const { width = 0, height = 0 } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > MAX_PIXELS) throw new AppError("photoTooManyPixels");
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const encoded =
      kind === "jpg"
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : kind === "png"
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 88 });
    return { kind, bytes: await encoded.toBuffer() };
  } catch {
    throw new AppError("photoUnreadable");
  }
}
