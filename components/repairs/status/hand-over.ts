import { repairsApi } from "@/lib/client/api";
import { paymentsApi, signaturesApi } from "@/lib/client/counter-api";
import type { RepairJson } from "@/lib/repairs/serialize";
import type { Pickup } from "./pickup-dialog";

/**
 * Hands an item over, from the repair's page or the list: the money first (if
 * it cannot be taken, the item is not marked as handed over), then the status
 * on the version that payment left (so a colleague's change in between is
 * still refused, 412), then the collector's signature. A signature that could
 * not be saved does not undo the handover: it comes back as `signatureError`.
 */
export async function handOver(
  repair: { id: string; version: number; customer_name: string },
  { collected_by, id_checked, signature, payment }: Pickup,
  notify?: false,
): Promise<{ changed: RepairJson; signatureError?: unknown }> {
  const at = payment
    ? (await paymentsApi.pay(repair.id, { kind: "payment", ...payment }, repair.version)).repair_version
    : repair.version;
  const changed = await repairsApi.update(repair.id, { status: "picked_up", collected_by, id_checked, notify }, at);
  if (!signature) return { changed };
  try {
    await signaturesApi.sign(repair.id, {
      stage: "pickup",
      signer_name: collected_by || repair.customer_name,
      image: signature,
    });
    return { changed };
  } catch (signatureError) {
    return { changed, signatureError };
  }
}
