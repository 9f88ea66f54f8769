import { lockRepair } from "./lock";
import { AppError, uniqueViolation, type ErrorCode } from "@/lib/errors";
import type { Prisma, PrismaClient, Signature } from "@/lib/generated/prisma/client";
import { cleanImage, pngSize } from "@/lib/photos/image";
import { assertQuotaFits } from "@/lib/photos/photos";
import { newPhotoPath, removePhotos, storageError, writePhoto } from "@/lib/photos/store";
import { assertRepairId, notFound } from "./queries";
import { isBeforeWork } from "./workflow";
import { MAX_SIGNATURE_BYTES, SIGNATURE_DATA_URL, SIGNATURE_STAGES, signatureSchema } from "./schema";
import { eventDetail } from "./event-detail";

// The customer's signature, drawn with a finger at the counter as the item is
// left (intake) or collected (pickup): a PNG sent as a data URL, checked and
// cleaned like a photo and kept in the photos' store under the shop's quota.
// One per stage, never changed; the history records it.

/**
 * A signature pad's pixels at most: a phone's pad is about 1,100 x 540 device
 * pixels, a desktop's at twice the density about 1,700 x 360. An image over it
 * is refused from its header, before it is decoded.
 */
export const MAX_SIGNATURE_PIXELS = 2_400 * 1_200;
type Scope = { shopId: string; repairId: string; userId: string };
type Stage = (typeof SIGNATURE_STAGES)[number];

export function signatureJson(
  signature: Pick<Signature, "id" | "stage" | "signerName" | "signedAt" | "filePath"> & {
    takenBy?: string | null;
  },
) {
  return {
    id: signature.id,
    stage: signature.stage,
    signer_name: signature.signerName,
    signed_at: signature.signedAt.toISOString(),
    url: `/uploads/${signature.filePath}`,
    /** The staff member who took it (null: their account was removed). */
    taken_by: signature.takenBy ?? null,
  };
}
export type SignatureJson = ReturnType<typeof signatureJson>;

async function assertRepair(client: PrismaClient | Prisma.TransactionClient, { shopId, repairId }: Scope) {
  assertRepairId(repairId);
  const repair = await client.repair.findFirst({ where: { id: repairId, shopId }, select: { id: true } });
  if (!repair) throw notFound();
}

/** An intake may still be signed this long after the repair was taken in, whatever its status. */
const INTAKE_SIGNING_MS = 24 * 60 * 60_000;

/**
 * Whether the stage may be signed now: not signed yet; a pickup with the
 * handover or after it; an intake before work starts or within a day of it.
 */
async function assertSignable(client: PrismaClient | Prisma.TransactionClient, scope: Scope, stage: Stage) {
  assertRepairId(scope.repairId);
  const repair = await client.repair.findFirst({
    where: { id: scope.repairId, shopId: scope.shopId },
    select: { status: true, createdAt: true, pickedUpAt: true, signatures: { where: { stage }, select: { id: true } } },
  });
  if (!repair) throw notFound();
  if (repair.signatures.length > 0) throw new AppError("signatureExists");
  if (stage === "pickup" && repair.status !== "picked_up" && repair.pickedUpAt === null)
    throw new AppError("signaturePickupTooEarly");
  if (stage === "intake" && !isBeforeWork(repair.status) && Date.now() - repair.createdAt.getTime() > INTAKE_SIGNING_MS)
    throw new AppError("signatureIntakeTooLate");
}

export async function listSignatures(client: PrismaClient, scope: Scope) {
  await assertRepair(client, scope);
  const signatures = await client.signature.findMany({
    where: { shopId: scope.shopId, repairId: scope.repairId },
    orderBy: { signedAt: "asc" },
    include: { takenBy: { select: { name: true } } },
  });
  return { signatures: signatures.map((s) => signatureJson({ ...s, takenBy: s.takenBy?.name })) };
}

/** What cleaning an image refuses it for: for a signature, one answer. Anything else (busy) stays as it is. */
const IMAGE_FAULTS: ReadonlySet<ErrorCode> = new Set(["photoType", "photoUnreadable", "photoTooManyPixels"]);

/**
 * Stores a stage's signature (within receiveUpload, as a photo upload): every
 * check that needs no decoding first (the stage may be signed, the size, the
 * pixels from the PNG's header), then the image is cleaned, then its record
 * and the history's line in one transaction.
 */
export async function addSignature(client: PrismaClient, scope: Scope, input: unknown) {
  const { stage, signer_name, image } = signatureSchema.parse(input);
  await assertSignable(client, scope, stage);
  const bytes = Buffer.from(SIGNATURE_DATA_URL.exec(image)![1], "base64");
  if (bytes.length > MAX_SIGNATURE_BYTES) throw new AppError("signatureTooLarge");
  const size = pngSize(bytes);
  if (!size) throw new AppError("signatureImageInvalid");
  if (size.width * size.height > MAX_SIGNATURE_PIXELS) throw new AppError("signatureTooLarge");
  const cleaned = await cleanImage(bytes).catch((error: unknown) => {
    throw error instanceof AppError && IMAGE_FAULTS.has(error.code) ? new AppError("signatureImageInvalid") : error;
  });
  if (cleaned.kind !== "png") throw new AppError("signatureImageInvalid");
  // An intake's signature covers every item of the visit not signed yet (one receipt lists them all): each its own copy.
  const others = stage === "intake" ? await unsignedVisitItems(client, scope) : [];
  const files = new Map([scope.repairId, ...others].map((repairId) => [repairId, newPhotoPath("png")]));
  const written: string[] = [];
  const kept = new Set<string>();
  try {
    for (const filePath of files.values()) {
      written.push(filePath);
      await writePhoto(filePath, cleaned.bytes);
    }
    const created = await client.$transaction(async (tx) => {
      // Locked (in one order, as any signing of the visit locks them): a delete or a
      // status change meanwhile waits, and one before is seen.
      for (const repairId of [...files.keys()].sort()) await lockRepair(tx, scope.shopId, repairId);
      await assertSignable(tx, scope, stage);
      const signed = [scope.repairId];
      for (const repairId of others) {
        // One signed or worked on meanwhile keeps what it has.
        if (
          await assertSignable(tx, { ...scope, repairId }, stage).then(
            () => true,
            () => false,
          )
        )
          signed.push(repairId);
      }
      await assertQuotaFits(tx, scope.shopId, cleaned.bytes.length * signed.length);
      const rows = [];
      for (const repairId of signed) {
        const filePath = files.get(repairId)!;
        kept.add(filePath);
        const signature = await tx.signature.create({
          data: {
            shopId: scope.shopId,
            repairId,
            stage,
            signerName: signer_name,
            filePath,
            sizeBytes: cleaned.bytes.length,
            takenById: scope.userId,
          },
          include: { takenBy: { select: { name: true } } },
        });
        await tx.repairEvent.create({
          data: {
            shopId: scope.shopId,
            repairId,
            kind: "signed",
            detail: eventDetail(stage, signer_name),
            changedById: scope.userId,
            changedAt: signature.signedAt,
          },
        });
        rows.push(signature);
      }
      return rows[0];
    });
    await removePhotos(written.filter((filePath) => !kept.has(filePath)));
    return signatureJson({ ...created, takenBy: created.takenBy?.name });
  } catch (error) {
    await removePhotos(written);
    throw uniqueViolation(error) ?? storageError(error);
  }
}

/** The other items of the repair's visit whose intake is not signed yet, in the order left. */
async function unsignedVisitItems(client: PrismaClient, { shopId, repairId }: Scope): Promise<string[]> {
  const found = await client.$queryRaw<{ id: string }[]>`
    SELECT r.id FROM repairs r
    WHERE r.shop_id = ${shopId}::uuid AND r.id <> ${repairId}::uuid
      AND r.visit_id = (SELECT visit_id FROM repairs WHERE id = ${repairId}::uuid AND shop_id = ${shopId}::uuid)
      AND NOT EXISTS (SELECT 1 FROM signatures s WHERE s.repair_id = r.id AND s.stage = 'intake')
    ORDER BY r.created_at, r.id`;
  return found.map((row) => row.id);
}
