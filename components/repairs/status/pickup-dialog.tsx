"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/i18n/config";
import type { PaymentMethod } from "@/lib/payments/kinds";
import { amountInputText, parseAmount } from "@/lib/repairs/money";
import { fieldErrorText } from "@/components/ui/error-text";
import { useFormat } from "@/components/repairs/format";
import { PaymentFields } from "@/components/money/payment-dialog";
import { useId, useState, type FormEvent } from "react";
import type { RepairJson } from "@/lib/repairs/serialize";
import { Modal } from "@/components/ui/modal";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { SignerFields, useSignatureInput } from "@/components/repairs/signing/signer-fields";

export type Pickup = {
  collected_by: string;
  id_checked: boolean;
  signature: string | null;
  /** What is still due, taken as the item is handed over (left out: picked up with it due). */
  payment: { amount: string; method: PaymentMethod } | null;
};

// Marking picked up locks the repair for good, so it is confirmed, and the
// counter records who collected the item, whether their identity document was
// checked, and (if they sign) their signature.
export function PickupDialog({
  repair,
  onCancel,
  onConfirm,
}: {
  repair: Pick<RepairJson, "repair_number" | "customer_name" | "balance_due">;
  onCancel: () => void;
  onConfirm: (pickup: Pickup) => void;
}) {
  const t = useTranslations("repair");
  const input = useSignatureInput(repair.customer_name);
  const [idChecked, setIdChecked] = useState(false);
  const locale = useLocale() as Locale;
  const tMoney = useTranslations("money");
  const format = useFormat();
  const due = repair.balance_due > 0;
  const dueId = useId();
  const [takeNow, setTakeNow] = useState(due);
  const [amount, setAmount] = useState(amountInputText(due ? repair.balance_due : null, locale));
  const [method, setMethod] = useState<PaymentMethod>("cash");
  const [amountError, setAmountError] = useState<string>();
  const tAll = useTranslations();
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(amount, locale);
    if (takeNow && parsed.error) return setAmountError(fieldErrorText(tAll, parsed.error));
    onConfirm({
      collected_by: input.name.trim(),
      id_checked: idChecked,
      signature: input.image,
      payment: takeNow ? { amount, method } : null,
    });
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
        {due && (
          // A group with a heading of its own: a fieldset's legend sits on the border and runs over it on a phone.
          <div
            role="group"
            aria-labelledby={dueId}
            className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3"
          >
            <p id={dueId} className="font-semibold text-amber-900">
              {tMoney("stillDue", { amount: format.money(repair.balance_due) })}
            </p>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={takeNow} onChange={(e) => setTakeNow(e.target.checked)} />
              {tMoney("takeNow")}
            </label>
            {takeNow ? (
              <PaymentFields
                amount={amount}
                method={method}
                amountError={amountError}
                onChange={(change) => {
                  if (change.amount !== undefined) {
                    setAmount(change.amount);
                    setAmountError(undefined);
                  }
                  if (change.method) setMethod(change.method);
                }}
              />
            ) : (
              <p className="text-sm text-amber-900">{tMoney("pickedUpAnyway")}</p>
            )}
          </div>
        )}
        <SignerFields input={input} nameLabel={t("collectedBy")} />
        <p className="-mt-1 text-sm text-slate-600">{t("pickupSignature")}</p>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={idChecked} onChange={(e) => setIdChecked(e.target.checked)} />
          {t("idChecked")}
        </label>
        <DialogButtons cancelLabel={t("cancel")} onCancel={onCancel} confirmLabel={t("actions.markPickedUp")} />
      </form>
    </Modal>
  );
}
