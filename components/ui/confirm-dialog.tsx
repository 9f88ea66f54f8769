"use client";

import { button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

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
      <div className="flex justify-end gap-3">
        <button type="button" onClick={onCancel} className={button("secondary")}>
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} className={button(kind)}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
