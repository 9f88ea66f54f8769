"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { RepairJson } from "@/lib/repairs/serialize";
import { button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { SignerFields, useSignatureInput } from "./signatures";

export type Pickup = { collected_by: string; id_checked: boolean; signature: string | null };

// Marking picked up locks the repair for good, so it is confirmed, and the
// counter records who collected the item, whether their identity document was
// checked, and (if they sign) their signature.
export function PickupDialog({
  repair,
  onCancel,
  onConfirm,
}: {
  repair: RepairJson;
  onCancel: () => void;
  onConfirm: (pickup: Pickup) => void;
}) {
  const t = useTranslations("repair");
  const input = useSignatureInput(repair.customer_name);
  const [idChecked, setIdChecked] = useState(false);
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    onConfirm({ collected_by: input.name.trim(), id_checked: idChecked, signature: input.image });
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t("pickUpTitle")}
      description={t("pickUpConfirm", { number: repair.repair_number, customer: repair.customer_name })}
      wide
    >
      <form onSubmit={confirm} className="flex flex-col gap-3">
        <SignerFields input={input} nameLabel={t("collectedBy")} />
        <p className="-mt-1 text-sm text-slate-600">{t("pickupSignature")}</p>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={idChecked} onChange={(e) => setIdChecked(e.target.checked)} />
          {t("idChecked")}
        </label>
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onCancel} className={button("secondary")}>
            {t("cancel")}
          </button>
          <button type="submit" className={button("primary")}>
            {t("actions.markPickedUp")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
