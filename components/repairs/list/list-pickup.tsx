"use client";

import type { RepairJson } from "@/lib/repairs/serialize";
import { handOver } from "@/components/repairs/status/hand-over";
import { PickupDialog } from "@/components/repairs/status/pickup-dialog";
import type { ListRepair } from "./use-repair-list";

/**
 * Picked up from a row's badge: the pickup dialog, then the handover (loaded
 * when the badge asks for it, not with the list).
 */
export function ListPickup({
  repair,
  onClose,
  onHandedOver,
  onFailed,
}: {
  repair: ListRepair;
  onClose: () => void;
  onHandedOver: (changed: RepairJson, signatureError?: unknown) => void;
  onFailed: (error: unknown) => void;
}) {
  return (
    <PickupDialog
      repair={repair}
      onCancel={onClose}
      onConfirm={(pickup) => {
        onClose();
        handOver(repair, pickup).then(({ changed, signatureError }) => onHandedOver(changed, signatureError), onFailed);
      }}
    />
  );
}
