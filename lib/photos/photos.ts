import { lockRepair } from "@/lib/repairs/lock";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { assertRepairId } from "@/lib/repairs/queries";
import { lockShop } from "@/lib/shop/lock";
import { isUuid } from "@/lib/uuid";
import type { RepairStatus } from "@/lib/repairs/workflow";
import { photoJson } from "@/lib/repairs/serialize";
import { assertImageRoom, cleanImage, MIME } from "./image";
import type { UploadedFile } from "./multipart";
import { inUploadSlot } from "./upload-slots";
import { deleteWithFiles, newPhotoPath, removePhotos, storageError, writePhoto } from "./store";

// Photos of a repair, within the caller's shop. An upload is all or nothing:
// every file is checked and cleaned before any is stored, and the records are
// written in one transaction after the files; if that fails, the files go.

async function repairOfShop(client: PrismaClient, shopId: string, repairId: string) {
  assertRepairId(repairId);
  const repair = await client.repair.findFirst({ where: { id: repairId, shopId }, select: { id: true } });
  if (!repair) throw new AppError("repairNotFound");
  return repair;
}

/** Which repair's photos: a shop's repair (ids as the request names them). */
/** Whose photos; `userId`, who is changing them (the history names them). */
export type PhotoScope = { shopId: string; repairId: string; userId?: string };

export async function listPhotos(client: PrismaClient, { shopId, repairId }: PhotoScope) {
  await repairOfShop(client, shopId, repairId);
  const photos = await client.photo.findMany({ where: { shopId, repairId }, orderBy: { uploadedAt: "asc" } });
  return { photos: photos.map(photoJson) };
}

/** Bytes of images a shop keeps now: its photos and its customers' signatures. */
async function storedBytes(client: Prisma.TransactionClient | PrismaClient, shopId: string): Promise<number> {
  const [photos, signatures] = await Promise.all([
    client.photo.aggregate({ where: { shopId }, _sum: { sizeBytes: true } }),
    client.signature.aggregate({ where: { shopId }, _sum: { sizeBytes: true } }),
  ]);
  return (photos._sum.sizeBytes ?? 0) + (signatures._sum.sizeBytes ?? 0);
}

const quotaExceeded = () => new AppError("uploadQuotaExceeded");

/**
 * Within a transaction that is about to store `adding` bytes for the shop:
 * the shop's row lock makes its uploads take turns, so two cannot both fit
 * the last space.
 */
export async function assertQuotaFits(tx: Prisma.TransactionClient, shopId: string, adding: number): Promise<void> {
  await lockShop(tx, shopId);
  if ((await storedBytes(tx, shopId)) + adding > quotaBytes()) throw quotaExceeded();
}

/**
 * An upload of images to a repair (photos, a signature): everything that can
 * refuse it is asked before a byte of its body is read (images waiting to be
 * cleaned, the repair being the shop's, room left in the shop's storage);
 * then `receive` reads and stores it within one of the shop's upload slots
 * (./upload-slots). The exact room is checked again, under a lock, when the
 * images are stored.
 */
export async function receiveUpload<T>(client: PrismaClient, scope: PhotoScope, receive: () => Promise<T>): Promise<T> {
  assertImageRoom();
  return inUploadSlot(scope.shopId, async () => {
    await repairOfShop(client, scope.shopId, scope.repairId);
    if ((await storedBytes(client, scope.shopId)) >= quotaBytes()) throw quotaExceeded();
    return receive();
  });
}

const quotaBytes = () => env().UPLOAD_QUOTA_MB * 1024 * 1024;

export const PHOTO_STAGES = ["intake", "work", "after"] as const;
type PhotoStage = (typeof PHOTO_STAGES)[number];

/** When a photo was taken, unless the upload says: as left while the repair is new, after once done, else during the work. */
function stageOf(status: RepairStatus, asked: string | null | undefined): PhotoStage {
  if (asked) {
    if (!(PHOTO_STAGES as readonly string[]).includes(asked)) throw new AppError("photoStageInvalid");
    return asked as PhotoStage;
  }
  if (status === "received" || status === "sent") return "intake";
  return status === "ready" || status === "picked_up" ? "after" : "work";
}

/** Stores the photos of an upload, within receiveUpload. `stage`: intake, work or after (else by the status). */
export async function addPhotos(
  client: PrismaClient,
  { shopId, repairId, userId }: PhotoScope,
  files: UploadedFile[],
  stage?: string | null,
) {
  const cleaned = await Promise.all(
    files.map(async (file) => ({ name: file.name, ...(await cleanImage(file.bytes)) })),
  );
  const stored = cleaned.map((image) => ({ ...image, filePath: newPhotoPath(image.kind) }));
  try {
    for (const image of stored) await writePhoto(image.filePath, image.bytes);
    const photos = await client.$transaction(async (tx) => {
      // The repair may have been deleted while the files were written: locked, its delete waits for these.
      const repair = await lockRepair(tx, shopId, repairId);
      const taken = stageOf(repair.status, stage);
      await assertQuotaFits(
        tx,
        shopId,
        stored.reduce((sum, image) => sum + image.bytes.length, 0),
      );
      for (const image of stored)
        await tx.repairEvent.create({
          data: { shopId, repairId, kind: "photo_added", detail: image.name, changedById: userId ?? null },
        });
      return Promise.all(
        stored.map((image) =>
          tx.photo.create({
            data: {
              shopId,
              repairId,
              fileName: image.name,
              filePath: image.filePath,
              mimeType: MIME[image.kind],
              sizeBytes: image.bytes.length,
              stage: taken,
            },
          }),
        ),
      );
    });
    return { photos: photos.map(photoJson) };
  } catch (error) {
    await removePhotos(stored.map((image) => image.filePath));
    throw storageError(error);
  }
}

/** Which of these stored files have a photo's or a signature's record, in any shop (start-up upkeep, not a request). */
export async function recordedPhotoPaths(client: PrismaClient, filePaths: string[]): Promise<Set<string>> {
  const where = { filePath: { in: filePaths } };
  const [photos, signatures] = await Promise.all([
    client.photo.findMany({ where, select: { filePath: true } }),
    client.signature.findMany({ where, select: { filePath: true } }),
  ]);
  return new Set([...photos, ...signatures].map((row) => row.filePath));
}

export async function deletePhoto(
  client: PrismaClient,
  { shopId, repairId, photoId, userId }: PhotoScope & { photoId: string },
) {
  assertRepairId(repairId);
  const photo = isUuid(photoId) ? await client.photo.findFirst({ where: { id: photoId, repairId, shopId } }) : null;
  if (!photo) throw new AppError("photoNotFound");
  await deleteWithFiles([photo.filePath], () =>
    client.$transaction([
      client.photo.delete({ where: { id: photo.id, shopId } }),
      client.repairEvent.create({
        data: { shopId, repairId, kind: "photo_removed", detail: photo.fileName, changedById: userId ?? null },
      }),
    ]),
  );
  return { success: true };
}
