import { AppError } from "@/lib/errors";
import { readCapped } from "@/lib/http/respond";
import { MAX_PHOTOS_PER_UPLOAD } from "@/lib/repairs/limits";
import { MAX_PHOTO_BYTES } from "./image";

// Reads the `photos` parts of a multipart body without ever holding more than
// the largest acceptable request: a declared length over it is refused before
// reading, and a body that turns out longer is cut off at the limit (413).

const MULTIPART_OVERHEAD = 64 * 1024;
export const MAX_UPLOAD_BYTES = MAX_PHOTOS_PER_UPLOAD * MAX_PHOTO_BYTES + MULTIPART_OVERHEAD;

export type UploadedFile = { name: string; bytes: Uint8Array };

/** Parts a photo upload may have: the photos and a little room for the browser's own. */
export const MAX_PARTS = 8;

/** How many parts a multipart body has: its boundary lines, counted without parsing. */
function countParts(bytes: Uint8Array, boundary: string): number {
  const delimiter = Buffer.from(`--${boundary}`);
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = -1; // the last delimiter closes the body
  for (let at = body.indexOf(delimiter); at !== -1; at = body.indexOf(delimiter, at + delimiter.length)) count++;
  return count;
}

export async function readPhotoParts(request: Request): Promise<UploadedFile[]> {
  const type = request.headers.get("content-type") ?? "";
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (!type.toLowerCase().startsWith("multipart/form-data") || !boundary) throw new AppError("photosNotMultipart");
  const bytes = await readCapped(request, MAX_UPLOAD_BYTES).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "bodyTooLarge" ? new AppError("photoTooLarge") : error;
  });
  if (countParts(bytes, boundary[1] ?? boundary[2]) > MAX_PARTS) throw new AppError("tooManyPhotos");

  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("multipartInvalid");
  }
  const files = form.getAll("photos").filter((part): part is File => typeof part !== "string");
  if (files.length === 0) throw new AppError("photosMissing");
  if (files.length > MAX_PHOTOS_PER_UPLOAD) throw new AppError("tooManyPhotos");
  if (files.some((file) => file.size > MAX_PHOTO_BYTES)) throw new AppError("photoTooLarge");
  return Promise.all(
    files.map(async (file) => ({
      // The client's name is kept for display only; it never reaches a path.
      name: (file.name || "photo").replace(/[\p{Cc}/\\]/gu, "_").slice(0, 200),
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
}
