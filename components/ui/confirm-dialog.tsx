"use client";

import { Modal } from "@/components/ui/modal";
import { DialogButtons } from "@/components/ui/dialog-buttons";

/** A question before something that cannot be undone: Cancel, or the action itself. */
export function ConfirmDialog({
  open,
  onCancel,
  title,
  description,
  cancelLabel,
  confirmLabel,
  kind = "danger",
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  kind?: "danger" | "primary";
  onConfirm: () => void;
}) {
  return (
    <Modal open={open} onOpenChange={(next) => !next && onCancel()} title={title} description={description}>
      <DialogButtons
        cancelLabel={cancelLabel}
        onCancel={onCancel}
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
        kind={kind}
      />
    </Modal>
  );
}
