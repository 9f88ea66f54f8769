import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// Photo files on disk under UPLOAD_DIR, behind the few calls the rest of the
// app uses, so an S3-compatible store can replace it. Names are 128 random
// bits (an <img> cannot send a token, so the URL itself must be unguessable),
// spread over 256 folders. Files are written under a temporary name and then
// renamed, so a crash never leaves half a photo under its real name.
// Deleting is two-phase: files are first renamed aside ("trashed"), then the
// records are deleted, then the trash is removed; if the records cannot be
// deleted the files are restored. What a crash leaves is put right at start
// (sweepUploads). Files are the app's own user's alone (0600 in 0700
// folders): customers' photos and signatures are no other local user's to
// read; the sweep tightens what an older release wrote.

const TRASH = ".deleted";
const TEMP = ".partial";
const NAME = /^[0-9a-f]{2}\/[0-9a-f]{32}\.(jpg|png|webp)$/;

const root = () => env().UPLOAD_DIR;
const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;
/** Permission bits a group or anyone else has. */
const SHARED_BITS = 0o077;

export function newPhotoPath(extension: "jpg" | "png" | "webp"): string {
  const name = randomBytes(16).toString("hex");
  return `${name.slice(0, 2)}/${name}.${extension}`;
}

/** The absolute path of a stored photo under `folder`, or null for anything that is not one of ours. */
export function resolvePhotoIn(folder: string, filePath: string): string | null {
  if (!NAME.test(filePath)) return null;
  const base = path.resolve(folder);
  const full = path.resolve(base, filePath);
  return full.startsWith(base + path.sep) ? full : null;
}

/** The absolute path of a stored photo in UPLOAD_DIR, or null for anything that is not one of ours. */
export function resolvePhoto(filePath: string): string | null {
  return resolvePhotoIn(root(), filePath);
}

/**
 * Makes a photo folder (one level under UPLOAD_DIR). Not `recursive`: on a
 * read-only disk Node's recursive mkdir reports ENOENT instead of EROFS, and
 * the user would get a 500 instead of "cannot be stored".
 */
async function ensureFolder(dir: string) {
  const exists = (error: unknown) => (error as NodeJS.ErrnoException).code === "EEXIST";
  try {
    await mkdir(dir, { mode: PRIVATE_FOLDER });
  } catch (error) {
    if (exists(error)) return;
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(path.dirname(dir), { recursive: true, mode: PRIVATE_FOLDER });
    await mkdir(dir, { mode: PRIVATE_FOLDER }).catch((again: unknown) => {
      if (!exists(again)) throw again;
    });
  }
}

export async function writePhoto(filePath: string, bytes: Uint8Array): Promise<void> {
  const full = resolvePhoto(filePath);
  if (!full) throw new Error(`Not a photo path: ${filePath}`);
  await ensureFolder(path.dirname(full));
  try {
    await writeFile(full + TEMP, bytes, { flag: "wx", mode: PRIVATE_FILE });
    await rename(full + TEMP, full);
  } catch (error) {
    // A full disk stops a write part way: leave no partial file behind.
    await rm(full + TEMP, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Best effort: a file that cannot go now is left for sweepUploads. */
export async function removePhotos(filePaths: string[]): Promise<void> {
  await Promise.allSettled(
    filePaths
      .map((p) => resolvePhoto(p))
      .filter((p): p is string => p !== null)
      .map((p) => rm(p, { force: true })),
  );
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

const STORAGE_FAULTS = new Set(["ENOSPC", "EROFS", "EACCES", "EPERM", "EDQUOT", "EIO"]);

/** A full, read-only or failing upload folder, as the clear 507 the user sees; anything else unchanged. */
export function storageError(error: unknown): unknown {
  return STORAGE_FAULTS.has((error as NodeJS.ErrnoException)?.code ?? "") ? new AppError("storageUnavailable") : error;
}

/** Runs `deleteRecords` with the files set aside: all of it happens, or none. */
export async function deleteWithFiles<T>(filePaths: string[], deleteRecords: () => Promise<T>): Promise<T> {
  try {
    await renameAll(filePaths, "", TRASH);
  } catch (error) {
    throw storageError(error);
  }
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

/** Takes a group's and others' permissions from a folder an older release made open. */
async function tighten(dir: string, mode: number) {
  const info = await stat(dir).catch(() => null);
  if (info && info.mode & SHARED_BITS) await chmod(dir, mode).catch(() => {});
}

/**
 * Puts the upload folder back in step with the records after a crash:
 * partial writes go; a trashed file whose record still exists (the crash came
 * before the records were deleted) comes back; a trashed file without one, or
 * a finished file whose record was never written (the crash came between the
 * file and its record), goes. Only entries untouched for `minAgeMs` (by their
 * ctime, which a rename also sets) are looked at: younger ones may belong to
 * an upload or a delete in progress. `recorded` answers which of the given
 * paths have a photo record.
 */
export async function sweepUploads(
  recorded: (filePaths: string[]) => Promise<Set<string>>,
  minAgeMs = 10 * 60_000,
): Promise<{ removed: number; restored: number }> {
  let removed = 0;
  let restored = 0;
  await tighten(root(), PRIVATE_FOLDER);
  const folders = await readdir(root(), { withFileTypes: true }).catch(() => []);
  for (const folder of folders.filter((f) => f.isDirectory() && /^[0-9a-f]{2}$/.test(f.name))) {
    const dir = path.join(root(), folder.name);
    await tighten(dir, PRIVATE_FOLDER);
    const names = await readdir(dir);
    const present = new Set(names);
    const settled: string[] = [];
    for (const name of names) {
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info?.isFile() && info.mode & SHARED_BITS) await chmod(path.join(dir, name), PRIVATE_FILE).catch(() => {});
      if (info?.isFile() && Date.now() - info.ctimeMs >= minAgeMs) settled.push(name);
    }
    const base = (name: string) => `${folder.name}/${name.replace(/(\.deleted|\.partial)$/, "")}`;
    const candidates = [...new Set(settled.filter((n) => !n.endsWith(TEMP)).map(base))].filter((p) => NAME.test(p));
    const known = candidates.length ? await recorded(candidates) : new Set<string>();
    for (const name of settled) {
      const full = path.join(dir, name);
      const filePath = base(name);
      if (name.endsWith(TRASH) && known.has(filePath) && !present.has(name.slice(0, -TRASH.length))) {
        await rename(full, full.slice(0, -TRASH.length));
        restored++;
      } else if (name.endsWith(TRASH) || name.endsWith(TEMP) || (NAME.test(filePath) && !known.has(filePath))) {
        await rm(full, { force: true });
        removed++;
      }
    }
  }
  return { removed, restored };
}
