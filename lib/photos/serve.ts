import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db";
import { webStreamOf } from "@/lib/http/web-stream";
import { MIME, type ImageKind } from "./image";
import { resolvePhoto } from "./store";

// Serves /uploads/{file_path} from UPLOAD_DIR, for files written after the
// build too. Only names the store makes are served; they are random and never
// change, so they are cached for good, and never run as anything but an image.
// A deleted repair's images are not served: an erased one's files are gone,
// an archived one's are kept with its records (lib/repairs/archive.ts) but,
// like the repair, read only through the "repairs" view, which leaves it out.

const HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Cache-Control": "public, max-age=31536000, immutable",
  "Cross-Origin-Resource-Policy": "same-origin",
};

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });

/** Whether a stored file is a photo or a signature of a repair in use. */
async function ofRepairInUse(filePath: string): Promise<boolean> {
  const found = await db().$queryRaw<unknown[]>`
    SELECT 1 FROM photos p JOIN repairs r ON r.id = p.repair_id WHERE p.file_path = ${filePath}
    UNION ALL
    SELECT 1 FROM signatures s JOIN repairs r ON r.id = s.repair_id WHERE s.file_path = ${filePath}
    LIMIT 1`;
  return found.length > 0;
}

export async function servePhoto(segments: string[]): Promise<Response> {
  const filePath = segments.join("/");
  const full = resolvePhoto(filePath);
  if (!full || !(await ofRepairInUse(filePath))) return notFound();
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) return notFound();
  const kind = path.extname(full).slice(1) as ImageKind;
  const body = webStreamOf(createReadStream(full));
  return new Response(body, {
    headers: { ...HEADERS, "Content-Type": MIME[kind], "Content-Length": String(info.size) },
  });
}
