import { existsSync, mkdirSync, readdirSync, renameSync, cpSync, rmSync } from "node:fs";
import path from "node:path";

/** Where photos were kept by default before 2026-11: inside public/, which Next also serves as static files. */
export const LEGACY_UPLOAD_DIR = "./public/uploads";

/**
 * Moves photo folders left in the old default store into the new one, at
 * start-up, so an installation upgraded without setting UPLOAD_DIR keeps its
 * photos and none stays where Next's static handler would serve it. Entries
 * already present in the new store are left where they are. Returns how many
 * entries moved.
 */
export function relocateLegacyUploads(from: string, to: string): number {
  const source = path.resolve(from);
  const target = path.resolve(to);
  if (source === target || !existsSync(source)) return 0;
  mkdirSync(target, { recursive: true });
  let moved = 0;
  for (const entry of readdirSync(source)) {
    const destination = path.join(target, entry);
    if (existsSync(destination)) continue;
    try {
      renameSync(path.join(source, entry), destination);
    } catch {
      // Another disk (a Docker volume, say): copy, then remove the original.
      cpSync(path.join(source, entry), destination, { recursive: true, errorOnExist: true });
      rmSync(path.join(source, entry), { recursive: true, force: true });
    }
    moved++;
  }
  return moved;
}
