import busboy from "busboy";
import { AppError } from "@/lib/errors";
import { MAX_PHOTOS_PER_UPLOAD } from "@/lib/repairs/limits";
import { MAX_PHOTO_BYTES } from "./image";

// Reads the `photos` parts of a multipart body as it arrives (busboy), never
// holding more than the photos themselves: a declared length over the
// largest acceptable request is refused before reading, a photo over its
// size, too many parts or too many files stop the reading there, and the
// rest of the body is never read.

const MULTIPART_OVERHEAD = 64 * 1024;
export const MAX_UPLOAD_BYTES = MAX_PHOTOS_PER_UPLOAD * MAX_PHOTO_BYTES + MULTIPART_OVERHEAD;

export type UploadedFile = { name: string; bytes: Uint8Array };

/** Parts a photo upload may have: the photos and a little room for the browser's own. */
export const MAX_PARTS = 8;
/** A text field's bytes (a browser may send one; none is used). */
const MAX_FIELD_BYTES = 1024;

type Collected = { name: string; chunks: Buffer[] };

function parser(type: string) {
  try {
    return busboy({
      headers: { "content-type": type },
      // Browsers send file names in UTF-8.
      defParamCharset: "utf8",
      // The name is cleaned below, for display only.
      preservePath: true,
      limits: {
        fileSize: MAX_PHOTO_BYTES,
        files: MAX_PHOTOS_PER_UPLOAD,
        parts: MAX_PARTS,
        fieldSize: MAX_FIELD_BYTES,
      },
    });
  } catch {
    throw new AppError("photosNotMultipart");
  }
}

/** Parses the body into its photos, or fails with the first rule it breaks. */
function parse(request: Request, type: string): Promise<Collected[]> {
  const parts = parser(type);
  const files: Collected[] = [];
  const reader = request.body?.getReader();
  let stopped: AppError | null = null;
  return new Promise<Collected[]>((resolve, reject) => {
    const stop = (error: AppError) => {
      if (stopped) return;
      stopped = error;
      void reader?.cancel().catch(() => {});
      reject(error);
    };
    parts.on("file", (field, stream, info) => {
      if (field !== "photos") {
        stream.resume();
        return;
      }
      const file: Collected = { name: info.filename ?? "", chunks: [] };
      files.push(file);
      stream.on("data", (chunk: Buffer) => file.chunks.push(chunk));
      stream.on("limit", () => stop(new AppError("photoTooLarge")));
    });
    parts.on("filesLimit", () => stop(new AppError("tooManyPhotos")));
    parts.on("partsLimit", () => stop(new AppError("tooManyPhotos")));
    parts.on("error", () => stop(new AppError("multipartInvalid")));
    parts.on("close", () => {
      if (!stopped) resolve(files);
    });

    void (async () => {
      if (!reader) return stop(new AppError("multipartInvalid"));
      let size = 0;
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch {
          return stop(new AppError("multipartInvalid"));
        }
        if (stopped) return;
        if (chunk.done) break;
        size += chunk.value.byteLength;
        if (size > MAX_UPLOAD_BYTES) return stop(new AppError("photoTooLarge"));
        // busboy's own buffering is bounded by its part limits; waiting for
        // 'drain' keeps the body from running ahead of the parsing.
        if (!parts.write(chunk.value)) await new Promise((drained) => parts.once("drain", drained));
      }
      parts.end();
    })();
  });
}

export async function readPhotoParts(request: Request): Promise<UploadedFile[]> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !/boundary=/i.test(type))
    throw new AppError("photosNotMultipart");
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) throw new AppError("photoTooLarge");

  const files = await parse(request, type);
  if (files.length === 0) throw new AppError("photosMissing");
  return files.map((file) => ({
    // The client's name is kept for display only; it never reaches a path.
    name: (file.name || "photo").replace(/[\p{Cc}/\\]/gu, "_").slice(0, 200),
    bytes: Buffer.concat(file.chunks),
  }));
}
