"use client";

import type { RepairJson } from "@/lib/repairs/serialize";
import { handOver } from "./hand-over";
import { PickupDialog } from "./pickup-dialog";

/**
 * Handing over, wherever it is asked for: the pickup dialog, then the
 * handover's calls (./hand-over.ts). Loaded when asked for, not with the screen.
 */
export function HandOverDialog({
  repair,
  notify,
  onClose,
  onHandedOver,
  onFailed,
}: {
  repair: Parameters<typeof PickupDialog>[0]["repair"] & Parameters<typeof handOver>[0];
  /** The screen's "email the customer" choice, read once the handover is confirmed. */
  notify: () => false | undefined;
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
        handOver(repair, pickup, notify()).then(
          ({ changed, signatureError }) => onHandedOver(changed, signatureError),
          onFailed,
        );
      }}
    />
  );
}
