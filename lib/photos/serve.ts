import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { webStreamOf } from "@/lib/http/web-stream";
import { MIME, type ImageKind } from "./image";
import { resolvePhoto } from "./store";

// Serves /uploads/{file_path} from UPLOAD_DIR, for files written after the
// build too. Only names the store makes are served; they are random and never
// change, so they are cached for good, and never run as anything but an image.

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

export async function servePhoto(segments: string[]): Promise<Response> {
  const full = resolvePhoto(segments.join("/"));
  if (!full) return notFound();
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) return notFound();
  const kind = path.extname(full).slice(1) as ImageKind;
  const body = webStreamOf(createReadStream(full));
  return new Response(body, {
    headers: { ...HEADERS, "Content-Type": MIME[kind], "Content-Length": String(info.size) },
  });
}
