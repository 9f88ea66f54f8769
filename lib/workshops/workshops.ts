import { AppError, successText } from "@/lib/errors";
import type { Prisma, PrismaClient, Workshop } from "@/lib/generated/prisma/client";
import { lockShop } from "@/lib/shop/lock";
import { isUuid } from "@/lib/uuid";
import { workshopSchema } from "./schema";

// The shop's outside workshops (issue 17, part 2), managed in settings: where
// repairs are sent out to. A repair sent out keeps the workshop's name in
// outsourced_to, so renaming or deleting one never rewrites a repair's record.

/** More than a shop works with; the settings list shows them all. */
export const MAX_WORKSHOPS = 100;

type Caller = { shopId: string };

export function workshopJson(workshop: Workshop) {
  return {
    id: workshop.id,
    name: workshop.name,
    contact: workshop.contact,
    notes: workshop.notes,
    created_at: workshop.createdAt.toISOString(),
  };
}
export type WorkshopJson = ReturnType<typeof workshopJson>;

const notFound = () => new AppError("workshopNotFound");

/** GET /workshops: the shop's, by name. */
export async function listWorkshops(client: PrismaClient, caller: Caller) {
  const workshops = await client.workshop.findMany({ where: { shopId: caller.shopId }, orderBy: { name: "asc" } });
  return { workshops: workshops.map(workshopJson) };
}

/** The shop's workshop, or a 404 (another shop's id gets the very same answer). */
export async function findWorkshop(client: Pick<PrismaClient, "workshop">, shopId: string, id: unknown) {
  if (typeof id !== "string" || !isUuid(id)) throw notFound();
  const workshop = await client.workshop.findFirst({ where: { id, shopId } });
  if (!workshop) throw notFound();
  return workshop;
}

/**
 * The shop's workshop, locked for the rest of the transaction (a change or a
 * deletion racing another one waits for it, then finds it as it left it), or a 404.
 */
async function lockWorkshop(tx: Prisma.TransactionClient, shopId: string, id: string) {
  if (isUuid(id)) await tx.$executeRaw`SELECT 1 FROM workshops WHERE id = ${id}::uuid FOR UPDATE`;
  return findWorkshop(tx, shopId, id);
}

/** POST /workshops. */
export async function createWorkshop(client: PrismaClient, caller: Caller, input: unknown) {
  const data = workshopSchema.parse(input);
  const workshop = await client.$transaction(async (tx) => {
    // One shop's additions one at a time, so the cap holds under concurrent posts.
    await lockShop(tx, caller.shopId);
    if ((await tx.workshop.count({ where: { shopId: caller.shopId } })) >= MAX_WORKSHOPS)
      throw new AppError("workshopLimitReached");
    return tx.workshop.create({ data: { ...data, shopId: caller.shopId } });
  });
  return { workshop: workshopJson(workshop), message: successText("workshopSaved") };
}

/** PUT /workshops/{id}: any of its fields. Repairs sent there keep the name they were sent under. */
export async function updateWorkshop(client: PrismaClient, caller: Caller, id: string, input: unknown) {
  const data = workshopSchema.partial().parse(input);
  const workshop = await client.$transaction(async (tx) => {
    await lockWorkshop(tx, caller.shopId, id);
    return tx.workshop.update({ where: { id, shopId: caller.shopId }, data });
  });
  return { workshop: workshopJson(workshop), message: successText("workshopSaved") };
}

/** DELETE /workshops/{id}: refused while a repair is there. */
export async function deleteWorkshop(client: PrismaClient, caller: Caller, id: string) {
  await client.$transaction(async (tx) => {
    // A send-out to it waits for this, and then finds it gone.
    await lockWorkshop(tx, caller.shopId, id);
    const there = await tx.repair.count({ where: { shopId: caller.shopId, workshopId: id, status: "outsourced" } });
    if (there > 0) throw new AppError("workshopInUse");
    await tx.workshop.delete({ where: { id, shopId: caller.shopId } });
  });
  return { success: true, message: successText("workshopDeleted") };
}
