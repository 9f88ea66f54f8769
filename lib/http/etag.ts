import { json } from "./respond";

// A repair's version as an HTTP entity tag (RFC 9110, 8.8.3 and 13.1.1): GET
// and every write answer with `ETag: "<version>"`; a write that sends
// If-Match is refused with 412 once the repair is at another version. Without
// If-Match (the spec's own client), writes behave as they always did.

export const etag = (version: number) => `"${version}"`;

/**
 * The versions an If-Match header accepts, or null for no condition (no
 * header, or `*`: the repair exists, which every write checks anyway). Weak
 * tags never match (a strong comparison); a header naming none accepts none.
 */
export function ifMatch(request: Request): number[] | null {
  const header = request.headers.get("if-match");
  if (header === null) return null;
  const tags = header.split(",").map((tag) => tag.trim());
  if (tags.includes("*")) return null;
  return tags.flatMap((tag) => (/^"\d{1,9}"$/.test(tag) ? [Number(tag.slice(1, -1))] : []));
}

/** A repair's JSON with its ETag. */
export const repairAnswer = (repair: { version: number }, init?: ResponseInit) =>
  json(repair, { ...init, headers: { ETag: etag(repair.version) } });
