import { z } from "zod";
import { AppError, uniqueViolation, type ErrorCode } from "@/lib/errors";
import type { Prisma, PrismaClient, Signature } from "@/lib/generated/prisma/client";
import { cleanImage } from "@/lib/photos/image";
import { assertQuotaFits } from "@/lib/photos/photos";
import { newPhotoPath, removePhotos, storageError, writePhoto } from "@/lib/photos/store";
import { assertRepairId, notFound } from "./queries";

// The customer's signature, drawn with a finger at the counter as the item is
// left (intake) or collected (pickup): a PNG sent as a data URL, checked and
// cleaned like a photo and kept in the photos' store under the shop's quota.
// One per stage, never changed; the history records it.

export const SIGNATURE_STAGES = ["intake", "pickup"] as const;
/** A drawn signature is a few kilobytes; anything near this is not one. */
export const MAX_SIGNATURE_BYTES = 512 * 1024;
const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

const err = (code: ErrorCode) => ({ error: code });
export const signatureSchema = z.object({
  stage: z.enum(SIGNATURE_STAGES, err("signatureStageInvalid")),
  signer_name: z
    .string(err("signerNameRequired"))
    .trim()
    .min(1, err("signerNameRequired"))
    .max(200, err("textTooLong")),
  image: z
    .string(err("signatureImageInvalid"))
    .max(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 32, err("signatureTooLarge"))
    .regex(DATA_URL, err("signatureImageInvalid")),
});

type Scope = { shopId: string; repairId: string; userId: string };

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

export async function listSignatures(client: PrismaClient, scope: Scope) {
  await assertRepair(client, scope);
  const signatures = await client.signature.findMany({
    where: { shopId: scope.shopId, repairId: scope.repairId },
    orderBy: { signedAt: "asc" },
    include: { takenBy: { select: { name: true } } },
  });
  return { signatures: signatures.map((s) => signatureJson({ ...s, takenBy: s.takenBy?.name })) };
}

/** Stores a stage's signature: the image first, then its record and the history's line in one transaction. */
export async function addSignature(client: PrismaClient, scope: Scope, input: unknown) {
  const { stage, signer_name, image } = signatureSchema.parse(input);
  await assertRepair(client, scope);
  const bytes = Buffer.from(DATA_URL.exec(image)![1], "base64");
  if (bytes.length > MAX_SIGNATURE_BYTES) throw new AppError("signatureTooLarge");
  const cleaned = await cleanImage(bytes).catch((error: unknown) => {
    throw error instanceof AppError ? new AppError("signatureImageInvalid") : error;
  });
  if (cleaned.kind !== "png") throw new AppError("signatureImageInvalid");
  const filePath = newPhotoPath("png");
  try {
    await writePhoto(filePath, cleaned.bytes);
    const created = await client.$transaction(async (tx) => {
      await assertRepair(tx, scope);
      await assertQuotaFits(tx, scope.shopId, cleaned.bytes.length);
      const signature = await tx.signature.create({
        data: {
          shopId: scope.shopId,
          repairId: scope.repairId,
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
          repairId: scope.repairId,
          kind: "signed",
          detail: `${stage}:${signer_name}`,
          changedById: scope.userId,
          changedAt: signature.signedAt,
        },
      });
      return signature;
    });
    return signatureJson({ ...created, takenBy: created.takenBy?.name });
  } catch (error) {
    await removePhotos([filePath]);
    throw uniqueViolation(error) ?? storageError(error);
  }
}
