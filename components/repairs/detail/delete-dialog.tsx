"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { repairsApi } from "@/lib/client/api";
import type { RepairJson } from "@/lib/repairs/serialize";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { apiErrorText } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Modal } from "@/components/ui/modal";
import { ErrorNotice } from "@/components/ui/notice";

// Deleting a repair asks why (issue 49): a repair that was paid, signed or
// handed over is kept under Deleted repairs with the reason, any other is
// erased and its number listed there with it. Money not given back refuses
// it; the dialog stays open and says so.

export function DeleteRepairDialog({
  repair,
  onClose,
  onDeleted,
}: {
  repair: Pick<RepairJson, "id" | "repair_number" | "customer_name">;
  onClose: () => void;
  /** `kept`: archived rather than erased. */
  onDeleted: (kept: boolean) => void;
}) {
  const t = useTranslations();
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setFailure(t("repair.deleteReasonRequired"));
    setBusy(true);
    try {
      const { kept } = await repairsApi.remove(repair.id, reason);
      onDeleted(kept);
    } catch (error) {
      setFailure(apiErrorText(t, error, t("repair.errors.delete")));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("repair.deleteTitle")}
      description={t("repair.deleteConfirmKept", { number: repair.repair_number, customer: repair.customer_name })}
    >
      <Form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field
          id={reasonId}
          label={t("repair.deleteReason")}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <DialogButtons
          cancelLabel={t("repair.cancel")}
          onCancel={onClose}
          confirmLabel={t("repair.delete")}
          kind="danger"
          busy={busy}
        />
      </Form>
    </Modal>
  );
}
