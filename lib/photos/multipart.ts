import { AppError } from "@/lib/errors";
import { MAX_PHOTO_BYTES } from "./image";

// Reads the `photos` parts of a multipart body without ever holding more than
// the largest acceptable request: a declared length over it is refused before
// reading, and a body that turns out longer is cut off at the limit (413).

export const MAX_PHOTOS_PER_REQUEST = 2;
const MULTIPART_OVERHEAD = 64 * 1024;
export const MAX_UPLOAD_BYTES = MAX_PHOTOS_PER_REQUEST * MAX_PHOTO_BYTES + MULTIPART_OVERHEAD;

function capped(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new AppError("photoTooLarge", 413));
        else controller.enqueue(chunk);
      },
    }),
  );
}

export type UploadedFile = { name: string; bytes: Uint8Array };

export async function readPhotoParts(request: Request): Promise<UploadedFile[]> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) throw new AppError("photosNotMultipart", 415);
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) throw new AppError("photoTooLarge", 413);

  let form: FormData;
  try {
    form = await new Response(capped(request.body, MAX_UPLOAD_BYTES), { headers: { "content-type": type } }).formData();
  } catch (error) {
    throw error instanceof AppError ? error : new AppError("photosNotMultipart", 400);
  }
  const files = form.getAll("photos").filter((part): part is File => typeof part !== "string");
  if (files.length === 0) throw new AppError("photosMissing", 400);
  if (files.length > MAX_PHOTOS_PER_REQUEST) throw new AppError("tooManyPhotos", 400);
  if (files.some((file) => file.size > MAX_PHOTO_BYTES)) throw new AppError("photoTooLarge", 413);
  return Promise.all(
    files.map(async (file) => ({
      // The client's name is kept for display only; it never reaches a path.
      name: (file.name || "photo").replace(/[\p{Cc}/\\]/gu, "_").slice(0, 200),
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
}
