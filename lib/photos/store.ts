import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";

// Photo files on disk under UPLOAD_DIR, behind the few calls the rest of the
// app uses, so an S3-compatible store can replace it. Names are 128 random
// bits (an <img> cannot send a token, so the URL itself must be unguessable),
// spread over 256 folders. Files are written under a temporary name and then
// renamed, so a crash never leaves half a photo under its real name.
// Deleting is two-phase: files are first renamed aside ("trashed"), then the
// records are deleted, then the trash is removed; if the records cannot be
// deleted the files are restored. Trash a crash left behind is swept at start.

const TRASH = ".deleted";
const TEMP = ".partial";
const NAME = /^[0-9a-f]{2}\/[0-9a-f]{32}\.(jpg|png|webp)$/;

const root = () => env().UPLOAD_DIR;

export function newPhotoPath(extension: "jpg" | "png" | "webp"): string {
  const name = randomBytes(16).toString("hex");
  return `${name.slice(0, 2)}/${name}.${extension}`;
}

/** The absolute path of a stored photo, or null for anything that is not one of ours. */
export function resolvePhoto(filePath: string): string | null {
  if (!NAME.test(filePath)) return null;
  const full = path.resolve(root(), filePath);
  return full.startsWith(root() + path.sep) ? full : null;
}

export async function writePhoto(filePath: string, bytes: Uint8Array): Promise<void> {
  const full = resolvePhoto(filePath);
  if (!full) throw new Error(`Not a photo path: ${filePath}`);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full + TEMP, bytes, { flag: "wx" });
  await rename(full + TEMP, full);
}

export async function removePhotos(filePaths: string[]): Promise<void> {
  await Promise.all(filePaths.map((p) => resolvePhoto(p)).filter((p): p is string => p !== null).map((p) => rm(p, { force: true })));
}

async function renameAll(filePaths: string[], from: string, to: string) {
  const done: string[] = [];
  try {
    for (const filePath of filePaths) {
      const full = resolvePhoto(filePath);
      if (!full) continue;
      await rename(full + from, full + to);
      done.push(filePath);
    }
  } catch (error) {
    await Promise.allSettled(done.map((p) => rename(resolvePhoto(p)! + to, resolvePhoto(p)! + from)));
    throw error;
  }
}

/** Runs `deleteRecords` with the files set aside: all of it happens, or none. */
export async function deleteWithFiles<T>(filePaths: string[], deleteRecords: () => Promise<T>): Promise<T> {
  await renameAll(filePaths, "", TRASH);
  let result: T;
  try {
    result = await deleteRecords();
  } catch (error) {
    await renameAll(filePaths, TRASH, "");
    throw error;
  }
  await Promise.allSettled(filePaths.map((p) => rm(resolvePhoto(p)! + TRASH, { force: true })));
  return result;
}

/** Removes trash and partial writes a crash left behind. */
export async function sweepUploads(): Promise<number> {
  let removed = 0;
  const folders = await readdir(root(), { withFileTypes: true }).catch(() => []);
  for (const folder of folders.filter((f) => f.isDirectory() && /^[0-9a-f]{2}$/.test(f.name))) {
    for (const name of await readdir(path.join(root(), folder.name))) {
      if (name.endsWith(TRASH) || name.endsWith(TEMP)) {
        await rm(path.join(root(), folder.name, name), { force: true });
        removed++;
      }
    }
  }
  return removed;
}
