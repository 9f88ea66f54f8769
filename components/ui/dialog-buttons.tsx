import { button } from "./button";

/**
 * A dialog's last row: Cancel, and the action. The action submits the
 * dialog's form unless `onConfirm` is given; while `busy` it is disabled and
 * says `busyLabel`.
 */
export function DialogButtons({
  cancelLabel,
  onCancel,
  confirmLabel,
  onConfirm,
  kind = "primary",
  busy = false,
  busyLabel,
}: {
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  onConfirm?: () => void;
  kind?: "primary" | "danger";
  busy?: boolean;
  busyLabel?: string;
}) {
  return (
    <div className="flex justify-end gap-3">
      <button type="button" onClick={onCancel} className={button("secondary")}>
        {cancelLabel}
      </button>
      <button type={onConfirm ? "button" : "submit"} onClick={onConfirm} disabled={busy} className={button(kind)}>
        {busy && busyLabel ? busyLabel : confirmLabel}
      </button>
    </div>
  );
}
